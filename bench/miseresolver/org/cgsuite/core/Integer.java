// Stand-in for CGSuite's integer type: MisereSolver.heapOptions only boxes and unboxes heap sizes.
package org.cgsuite.core;

public final class Integer {
    private final int value;

    private Integer(int value) {
        this.value = value;
    }

    public static Integer apply(int value) {
        return new Integer(value);
    }

    public int intValue() {
        return value;
    }

    @Override
    public String toString() {
        return java.lang.Integer.toString(value);
    }
}
