// Stand-in for scala.collection.immutable.IndexedSeq: a read-only list, as MisereSolver and
// CommandLineInterface read it (length/size, apply, toSeq).
package scala.collection.immutable;

import java.util.List;

public final class IndexedSeq<A> {
    final List<A> items;

    private IndexedSeq(List<A> items) {
        this.items = items;
    }

    public static <A> IndexedSeq<A> of(List<A> items) {
        return new IndexedSeq<>(items);
    }

    public int length() {
        return items.size();
    }

    public int size() {
        return items.size();
    }

    public A apply(int i) {
        return items.get(i);
    }

    public IndexedSeq<A> toSeq() {
        return this;
    }

    public List<A> asJavaList() {
        return items;
    }
}
