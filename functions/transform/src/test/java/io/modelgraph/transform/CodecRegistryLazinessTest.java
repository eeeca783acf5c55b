package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Building the codec registry (the Lambda init phase) loads no parser of the semantic formats: titanium, RDF4J Rio
 * and the LinkML YAML mapper load on the first decode. Checked in a class loader of its own, so what other tests
 * of this JVM already loaded does not count.
 */
class CodecRegistryLazinessTest {
    static final class Isolated extends URLClassLoader {
        Isolated(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    @Test
    void buildingTheRegistryLoadsNoParserAndTheFirstDecodeDoes() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(new File(entry).toURI().toURL());
        }
        try (Isolated loader = new Isolated(urls.toArray(URL[]::new))) {
            Class<?> handler = Class.forName("io.modelgraph.transform.TransformHandler", false, loader);
            Method codecs = handler.getDeclaredMethod("codecs");
            codecs.setAccessible(true);
            Object registry = codecs.invoke(null);
            assertNotNull(registry);
            List<String> parsers = List.of("com.apicatalog.jsonld.JsonLd", "org.eclipse.rdf4j.rio.Rio",
                    "io.modelgraph.codec.linkml.LinkMlYaml$Holder", "io.modelgraph.codec.sql.ScriptSplitter",
                    "io.modelgraph.codec.sql.DdlReader");
            for (String p : parsers) {
                assertFalse(loader.loaded(p), p + " loaded while the registry was built");
            }
            Class<?> owl = Class.forName("io.modelgraph.codec.owl.OwlCodec", true, loader);
            Class<?> options = Class.forName("io.modelgraph.codec.CodecOptions", true, loader);
            Class<?> ledger = Class.forName("io.modelgraph.ledger.LossinessLedger", true, loader);
            owl.getMethod("decode", String.class, options, ledger).invoke(owl.getConstructor().newInstance(),
                    "@prefix : <https://example.org/> .\n:A a <http://www.w3.org/2002/07/owl#Class> .\n",
                    options.getField("NONE").get(null), ledger.getConstructor().newInstance());
            assertTrue(loader.loaded("org.eclipse.rdf4j.rio.Rio"), "the first decode loads the parser");
        }
    }
}
