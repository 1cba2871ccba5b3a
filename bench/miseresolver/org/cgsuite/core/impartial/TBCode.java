// Stand-in for CGSuite's TBCode, for plain take-and-break codes such as 0.07, 0.764 or 4.7
// (one digit before the point, then one digit a number of tokens removed, each digit a mask
// of the numbers of heaps that may be left; digits 0-9 and A-V as in CGSuite, no [ ] periods
// or constraints). The option order and periodicityChecker follow CGSuite's TBCode.scala.
package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;

public final class TBCode {
    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    private final String text;
    /** digits[k]: the mask for removing k tokens (digits[0] is the digit before the point). */
    final long[] digits;

    private TBCode(String text, long[] digits) {
        this.text = text;
        this.digits = digits;
    }

    public static TBCode apply(String str) {
        int dot = str.indexOf('.');
        if (dot != 1 || str.length() < 3) {
            throw new IllegalArgumentException("not a take-and-break code: " + str);
        }
        List<Long> ds = new ArrayList<>();
        for (int i = 0; i < str.length(); i++) {
            if (i == dot) {
                continue;
            }
            int d = DIGITS.indexOf(Character.toUpperCase(str.charAt(i)));
            if (d < 0) {
                throw new IllegalArgumentException("not a take-and-break code: " + str);
            }
            ds.add((long) d);
        }
        int len = ds.size();
        while (len > 1 && ds.get(len - 1) == 0) {
            len--;
        }
        long[] digits = new long[len];
        for (int i = 0; i < len; i++) {
            digits[i] = ds.get(i);
        }
        return new TBCode(str, digits);
    }

    /** CGSuite's Digit.maxHeaps: the length of the digit's constraint vector (highest bit + 1). */
    static int maxHeaps(long digit) {
        return 64 - Long.numberOfLeadingZeros(digit);
    }

    int maxHeaps() {
        int m = 0;
        for (long d : digits) {
            m = Math.max(m, maxHeaps(d));
        }
        return m;
    }

    public PeriodicityChecker periodicityChecker() {
        PeriodicityChecker checker = new PeriodicityChecker();
        checker.setLinearCriteria(maxHeaps(), maxHeaps(), digits.length - 1 + maxHeaps());
        checker.setMaxSaltus(0);
        return checker;
    }

    /** Only named in MisereSolver's output (StdForm); CGSuite's first-cousin reduction is not done. */
    public TBCode standardForm() {
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TBCode && ((TBCode) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
