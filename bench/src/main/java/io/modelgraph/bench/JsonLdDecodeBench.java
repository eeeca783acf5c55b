package io.modelgraph.bench;

import com.apicatalog.jsonld.JsonLd;
import com.apicatalog.jsonld.document.JsonDocument;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.jsonld.JsonLdCodec;
import io.modelgraph.codec.jsonld.OfflineContexts;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Decodes schema.org's full vocabulary (the corpus file, never copied) with the jsonld codec and prints the time,
 * beside its peer in the same run: titanium flattening the same text alone (the JSON-LD processing every
 * decode pays before any model is built). Median of the measured rounds after warm-up rounds.
 *
 * <p>Run from the repository root after {@code ./mvnw -q -pl bench -am -DskipTests package}:
 * {@code java -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.modelgraph.bench.JsonLdDecodeBench
 * [../shared/corpus] [--rounds=7]}
 */
public final class JsonLdDecodeBench {
    public static void main(String[] args) throws Exception {
        String corpus = "../shared/corpus";
        int rounds = 7;
        for (String a : args) {
            if (a.startsWith("--rounds=")) {
                rounds = Integer.parseInt(a.substring(9));
            } else {
                corpus = a;
            }
        }
        String text = Files.readString(Path.of(corpus, "jsonld/schemaorg/schemaorg-current-https.jsonld"));
        JsonLdCodec codec = new JsonLdCodec();
        List<Double> decode = new ArrayList<>();
        List<Double> flatten = new ArrayList<>();
        SchemaModel model = null;
        LossinessLedger ledger = null;
        for (int i = 0; i < rounds + 3; i++) {
            long t0 = System.nanoTime();
            JsonLd.flatten(JsonDocument.of(new StringReader(text))).loader(new OfflineContexts()).get();
            long t1 = System.nanoTime();
            ledger = new LossinessLedger();
            model = codec.decode(text, CodecOptions.NONE, ledger);
            long t2 = System.nanoTime();
            if (i >= 3) {
                flatten.add((t1 - t0) / 1e6);
                decode.add((t2 - t1) / 1e6);
            }
        }
        double d = median(decode);
        double f = median(flatten);
        System.out.printf("schema.org (%d chars): %d types, %d taxonomies, %d elements, %d ledger entries%n",
                text.length(), model.types().size(), model.taxonomies().size(), model.elementCount(), ledger.size());
        System.out.printf("jsonld decode: median %.0f ms over %d rounds (all: %s)%n", d, rounds, decode);
        System.out.printf("titanium flatten alone: median %.0f ms; decode / flatten = %.2fx%n", f, d / f);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private JsonLdDecodeBench() {
    }
}
