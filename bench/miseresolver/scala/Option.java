// Stand-in for scala.Option (isDefined, get), as CommandLineInterface calls it.
package scala;

public final class Option<A> {
    private final A value;

    public Option(A value) {
        this.value = value;
    }

    public boolean isDefined() {
        return value != null;
    }

    public A get() {
        return value;
    }
}
