// Stand-in for CGSuite's org.cgsuite.lang.System: a version string, and no CGScript.
package org.cgsuite.lang;

public final class System {
    public static String version() {
        return "(CGSuite's MisereSolver sources, octal codes only)";
    }

    public static scala.Option<Object> evaluateObjOrException(String str, scala.collection.mutable.AnyRefMap<Object, Object> env) {
        throw new UnsupportedOperationException("CGScript needs the whole of CGSuite");
    }
}
