// Stand-in for CGSuite's Linearization (games given as CGScript): not available without CGSuite.
package org.cgsuite.core.impartial;

import scala.collection.immutable.IndexedSeq;

public class Linearization extends HeapRuleset {
    public static Linearization apply(IndexedSeq<org.cgsuite.core.ImpartialGame> games) {
        throw new UnsupportedOperationException("CGScript games need the whole of CGSuite");
    }

    public IndexedSeq<Object> positions() {
        throw new UnsupportedOperationException();
    }

    @Override
    public IndexedSeq<IndexedSeq<org.cgsuite.core.Integer>> heapOptions(org.cgsuite.core.Integer heapSize) {
        throw new UnsupportedOperationException();
    }
}
