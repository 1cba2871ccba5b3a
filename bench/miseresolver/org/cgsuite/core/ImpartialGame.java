// Stand-in for CGSuite's ImpartialGame: named by CommandLineInterface, never built here (no CGScript).
package org.cgsuite.core;

public interface ImpartialGame {
}
