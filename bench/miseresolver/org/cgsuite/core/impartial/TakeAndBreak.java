// Stand-in for CGSuite's TakeAndBreak: a heap's options under a take-and-break code, in
// CGSuite's order (tokens removed, then number of heaps left, then the splits a1 <= a2 <= ...).
package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;
import scala.collection.immutable.IndexedSeq;

public final class TakeAndBreak extends HeapRuleset {
    private final TBCode code;

    private TakeAndBreak(TBCode code) {
        this.code = code;
    }

    public static TakeAndBreak apply(String str) {
        return new TakeAndBreak(TBCode.apply(str));
    }

    public TBCode tbCode() {
        return code;
    }

    @Override
    public IndexedSeq<IndexedSeq<org.cgsuite.core.Integer>> heapOptions(org.cgsuite.core.Integer heapSize) {
        int n = heapSize.intValue();
        List<IndexedSeq<org.cgsuite.core.Integer>> result = new ArrayList<>();
        for (int k = 0; k < code.digits.length && k <= n; k++) {
            long d = code.digits[k];
            for (int j = 0; j < 64; j++) {
                if ((d & (1L << j)) == 0) {
                    continue;
                }
                if (j == 0) {
                    if (n == k) {
                        result.add(IndexedSeq.of(new ArrayList<>()));
                    }
                } else {
                    splits(result, new ArrayList<>(), n - k, j, 1);
                }
            }
        }
        return IndexedSeq.of(result);
    }

    /** Every way to write `left` as `parts` heaps, each at least `min`, in increasing order. */
    private static void splits(List<IndexedSeq<org.cgsuite.core.Integer>> out, List<org.cgsuite.core.Integer> prefix, int left, int parts, int min) {
        if (parts == 1) {
            if (left >= min) {
                List<org.cgsuite.core.Integer> option = new ArrayList<>(prefix);
                option.add(org.cgsuite.core.Integer.apply(left));
                out.add(IndexedSeq.of(option));
            }
            return;
        }
        for (int a = min; a * parts <= left; a++) {
            prefix.add(org.cgsuite.core.Integer.apply(a));
            splits(out, prefix, left - a, parts - 1, a);
            prefix.remove(prefix.size() - 1);
        }
    }

    @Override
    public String toString() {
        return code.toString();
    }
}
