package io.modelgraph.codec.protobuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code .proto} of the corpus ({@code corpus.dir}/protobuf, never copied here), sent with the imports it
 * needs from the roots {@code protobuf/}, {@code protobuf/googleapis/} and {@code protobuf/editions/} (imports of
 * well-known types are left to the codec's bundled copy; {@code descriptor.proto} is sent, as the bundled one only
 * declares the option messages): decoded with its ledger, encoded to proto3, decoded
 * again; every difference between the two models must be named by the encode ledger; the model survives the graph.
 */
@Tag("conformance")
class ProtobufConformanceTest {
    private static Path corpus;
    private static ProtoCorpus protos;
    private final ProtobufCodec codec = new ProtobufCodec();

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "protobuf");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "protobuf corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
        protos = new ProtoCorpus(corpus);
    }

    /** One test per corpus file, named after it (docs/testing.md): a regression fails that file's test. */
    @TestFactory
    Stream<DynamicTest> everyCorpusFileDecodesAndRoundTripsWithItsLedger() throws IOException {
        return CorpusSuite.tests(ProtoCorpus.DESCRIPTOR, this::readsAndRoundTrips, (f, rel) -> {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                    () -> codec.decode(protos.bundle(f), CodecOptions.NONE, new LossinessLedger()),
                    rel + ": accepted, expected a refusal (types of another package version)");
            assertTrue(e.getMessage().contains("is not defined") && e.path().contains("line "),
                    rel + ": refused at " + e.path() + ": " + e.getMessage());
        });
    }

    /**
     * A file decodes with its imports, encodes to proto3 and decodes again with every difference named by the
     * encode ledger, and exports alike before and after the graph. A file whose package or options are model-level
     * facts only (docs/model.md#model-level-facts) cannot do that last step yet: reported aborted, not passed.
     */
    private void readsAndRoundTrips(Path f, String rel) throws Exception {
        SchemaModel model = codec.decode(protos.bundle(f), CodecOptions.NONE, new LossinessLedger());
        LossinessLedger encodeLedger = new LossinessLedger();
        String proto = codec.encode(model, CodecOptions.NONE, encodeLedger);
        SchemaModel again = codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
        List<String> unexplained = unexplained(model, again, encodeLedger.entries());
        assertEquals(List.of(), unexplained.subList(0, Math.min(3, unexplained.size())),
                rel + ": differences the ledger does not name");
        if (!GraphRoundTrip.exportsAlike(codec, model)) {
            Assumptions.assumeFalse(needsModelLevelFacts(model),
                    rel + ": its package or options are model-level facts the graph does not store yet");
            throw new AssertionError(rel + ": export after the graph differs from export before");
        }
    }

    /**
     * The main file's package or options are not those its first type carries (it declares only extensions or
     * services, or imports come first): they are model-level facts only.
     */
    private static boolean needsModelLevelFacts(SchemaModel model) {
        List<Map<String, String>> parts = new ArrayList<>();
        model.types().forEach(t -> parts.add(t.annotations()));
        model.taxonomies().forEach(x -> parts.add(x.annotations()));
        Map<String, String> first = parts.isEmpty() ? Map.of() : parts.get(0);
        return !java.util.Objects.equals(model.annotations().get(ProtoKeys.PACKAGE), first.get(ProtoKeys.PACKAGE))
                || !java.util.Objects.equals(model.annotations().get(ProtoKeys.OPTIONS),
                first.get(ProtoKeys.FILE_OPTIONS));
    }

    /** Differences between a model and its re-decoded encoding that no ledger entry names (by path prefix). */
    static List<String> unexplained(SchemaModel before, SchemaModel after, List<LossEntry> ledger) {
        List<String> out = new ArrayList<>();
        boolean global = ledger.stream().anyMatch(e -> e.path().equals("$"));
        for (TypeDef t : before.types()) {
            String p = "$.types." + t.name();
            Optional<TypeDef> other = after.type(t.name());
            if (other.isEmpty()) {
                if (!named(ledger, p)) {
                    out.add(p + " missing");
                }
                continue;
            }
            TypeDef o = other.get();
            if ((!t.description().equals(o.description()) || !t.annotations().equals(o.annotations())
                    || !t.supertypes().equals(o.supertypes())) && !named(ledger, p)
                    && !(global && sameButPackage(t, o))) {
                out.add(p + " " + t.annotations() + " vs " + o.annotations());
            }
            if (!t.provenance().equals(o.provenance()) && !global) {
                out.add(p + " provenance " + t.provenance() + " vs " + o.provenance());
            }
            for (ElementDef e : t.elements()) {
                String ep = p + ".elements." + e.name();
                Optional<ElementDef> oe = o.element(e.name());
                if ((oe.isEmpty() || !oe.get().equals(e)) && !named(ledger, ep)) {
                    out.add(ep + " " + e + " vs " + oe);
                }
            }
        }
        for (TaxonomyDef x : before.taxonomies()) {
            String p = "$.taxonomies." + x.name();
            Optional<TaxonomyDef> other = after.taxonomy(x.name());
            if (other.isEmpty() || !other.get().terms().equals(x.terms()) || !other.get().description().equals(
                    x.description())) {
                if (!named(ledger, p)) {
                    out.add(p + " differs");
                }
            }
        }
        return out;
    }

    private static boolean sameButPackage(TypeDef a, TypeDef b) {
        Map<String, String> x = new LinkedHashMap<>(a.annotations());
        Map<String, String> y = new LinkedHashMap<>(b.annotations());
        for (String key : List.of(ProtoKeys.PACKAGE, ProtoKeys.FILE_OPTIONS)) {
            x.remove(key);
            y.remove(key);
        }
        return x.equals(y) && a.description().equals(b.description());
    }

    private static boolean named(List<LossEntry> ledger, String path) {
        return ledger.stream().anyMatch(e -> e.path().equals(path) || e.path().startsWith(path + "."));
    }
}
