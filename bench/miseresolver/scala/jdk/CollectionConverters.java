// Stand-in for scala.jdk.CollectionConverters' two conversions that MisereSolver uses.
package scala.jdk;

import java.util.List;
import scala.collection.immutable.IndexedSeq;

public final class CollectionConverters {
    public static <A> SeqHasAsJava<A> SeqHasAsJava(IndexedSeq<A> seq) {
        return new SeqHasAsJava<>(seq);
    }

    public static <A> ListHasAsScala<A> ListHasAsScala(List<A> list) {
        return new ListHasAsScala<>(list);
    }

    public static final class SeqHasAsJava<A> {
        private final IndexedSeq<A> seq;

        SeqHasAsJava(IndexedSeq<A> seq) {
            this.seq = seq;
        }

        public List<A> asJava() {
            return seq.asJavaList();
        }
    }

    public static final class ListHasAsScala<A> {
        private final List<A> list;

        ListHasAsScala(List<A> list) {
            this.list = list;
        }

        public IndexedSeq<A> asScala() {
            return IndexedSeq.of(list);
        }
    }
}
