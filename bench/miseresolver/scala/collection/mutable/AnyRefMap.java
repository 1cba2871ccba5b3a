// Stand-in for scala.collection.mutable.AnyRefMap: only ever constructed empty.
package scala.collection.mutable;

public final class AnyRefMap<K, V> extends java.util.HashMap<K, V> {
}
