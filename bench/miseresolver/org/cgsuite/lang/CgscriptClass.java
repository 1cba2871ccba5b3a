// Stand-in for CGSuite's CgscriptClass: there is no CGScript interpreter to initialise here.
package org.cgsuite.lang;

public final class CgscriptClass {
    public static CgscriptClass Object() {
        return new CgscriptClass();
    }

    public void ensureInitialized() {
    }
}
