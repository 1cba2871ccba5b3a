// Stand-in for CGSuite's Scala case class Periodicity(period, preperiod, saltus).
package org.cgsuite.core.impartial;

public record Periodicity(int period, int preperiod, int saltus) {
}
