package io.modelgraph.codec.avro;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Building the codec (what the registry does at Lambda init) loads no Avro class; the first decode does. */
class LazyLoadingTest {
    /** A loader of its own, so what it loaded can be asked. */
    static final class Probe extends URLClassLoader {
        Probe(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    @Test
    void constructingTheCodecLoadsNoAvroClass() throws Exception {
        URL[] urls = Stream.of(AvroCodec.class, org.apache.avro.Schema.class,
                        io.modelgraph.ledger.LossinessLedger.class, com.fasterxml.jackson.databind.JsonNode.class,
                        com.fasterxml.jackson.core.JsonParser.class,
                        com.fasterxml.jackson.annotation.JsonProperty.class,
                        io.modelgraph.codec.jsonschema.JsonSchemaText.class, org.slf4j.Logger.class)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation()).distinct().toArray(URL[]::new);
        try (Probe probe = new Probe(urls)) {
            Class<?> codecClass = probe.loadClass(AvroCodec.class.getName());
            Object codec = codecClass.getConstructor().newInstance();
            codecClass.getMethod("format").invoke(codec);
            assertFalse(probe.loaded("org.apache.avro.Schema"), "Avro loaded at construction");
            Class<?> options = probe.loadClass("io.modelgraph.codec.CodecOptions");
            Class<?> ledger = probe.loadClass("io.modelgraph.ledger.LossinessLedger");
            codecClass.getMethod("decode", String.class, options, ledger).invoke(codec,
                    "{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}", options.getField("NONE").get(null),
                    ledger.getConstructor().newInstance());
            assertTrue(probe.loaded("org.apache.avro.Schema"), "the probe can see a loaded Avro class");
        }
    }
}
