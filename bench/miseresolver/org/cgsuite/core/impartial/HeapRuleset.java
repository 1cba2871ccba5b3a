// Stand-in for CGSuite's HeapRuleset: the options of a heap, as lists of the heaps left.
package org.cgsuite.core.impartial;

import scala.collection.immutable.IndexedSeq;

public abstract class HeapRuleset {
    public abstract IndexedSeq<IndexedSeq<org.cgsuite.core.Integer>> heapOptions(org.cgsuite.core.Integer heapSize);
}
