package io.modelgraph.codec.jsonld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JSON-LD decode in a fresh JVM loads no HTTP client: contexts come only from the offline loader, and titanium's
 * default loader (an HTTPS client, several hundred classes of TLS set-up) is a cold-start cost a decode never uses
 * (docs/fidelity.md, "Speed"). The decode runs in a child JVM that logs every class it loads, as the test JVM has
 * loaded other tests' classes already.
 */
class JsonLdColdStartTest {
    private static final String VOCABULARY = "{\"@context\": {\"rdfs\": \"http://www.w3.org/2000/01/rdf-schema#\","
            + " \"ex\": \"http://example.org/\"}, \"@graph\": [{\"@id\": \"ex:Person\", \"@type\": \"rdfs:Class\","
            + " \"rdfs:comment\": \"A human\"}]}";

    /** The child: decodes the vocabulary and prints the number of types read. */
    public static void main(String[] args) throws Exception {
        SchemaModel model = new JsonLdCodec().decode(VOCABULARY, CodecOptions.NONE, new LossinessLedger());
        System.out.println("types read: " + model.types().size());
    }

    @Test
    void aColdDecodeLoadsNoHttpClient() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-Xmx256m", "-Xlog:class+load=info", "-cp",
                System.getProperty("java.class.path"), JsonLdColdStartTest.class.getName())
                .redirectErrorStream(true).start();
        String log = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), log.lines().filter(l -> !l.contains("[class,load]")).toList()
                .toString());
        assertTrue(log.contains("types read: 1"), "the child decoded nothing");
        assertTrue(log.contains("com.apicatalog.jsonld.processor.FlatteningProcessor "), "titanium did not run");
        assertFalse(log.contains("java.net.http.HttpClient "), "a JSON-LD decode built an HTTP client");
    }
}
