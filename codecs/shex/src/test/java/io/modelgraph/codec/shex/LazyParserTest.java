package io.modelgraph.codec.shex;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/** Building the codec (as the registry does at Lambda init) must not load the parser; the first decode does. */
class LazyParserTest {

    /** Loads this module's classes itself (child first), so it can tell which of them were loaded. */
    static final class Isolated extends URLClassLoader {
        Isolated() {
            super(new URL[] {ShexCodec.class.getProtectionDomain().getCodeSource().getLocation()},
                    LazyParserTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.startsWith("io.modelgraph.codec.shex.")) {
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : findClass(name);
                }
                return super.loadClass(name, resolve);
            }
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    @Test
    void theParserLoadsOnFirstDecodeOnly() throws Exception {
        try (Isolated loader = new Isolated()) {
            Class<?> codecClass = loader.loadClass(ShexCodec.class.getName());
            Object codec = codecClass.getConstructor().newInstance();
            codecClass.getMethod("format").invoke(codec);
            assertFalse(loader.loaded(ShexcParser.class.getName()), "the parser is not loaded by construction");
            assertFalse(loader.loaded(ShexcReader.class.getName()));
            Class<?> options = loader.loadClass("io.modelgraph.codec.CodecOptions");
            Class<?> ledger = loader.loadClass("io.modelgraph.ledger.LossinessLedger");
            codecClass.getMethod("decode", String.class, options, ledger).invoke(codec, "<http://e/S> { }",
                    options.getField("NONE").get(null), ledger.getConstructor().newInstance());
            assertTrue(loader.loaded(ShexcParser.class.getName()), "the first decode loads it");
        }
    }
}
