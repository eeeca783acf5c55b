package io.modelgraph.schema.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The rule for model-level facts when a second model is written into a space (docs/model.md "Model-level facts"). */
class SecondImportTest {
    private static final List<String> SPACE = List.of("s1");
    private final ModelGraphMapper mapper = new ModelGraphMapper();
    private final AtomicInteger ids = new AtomicInteger();

    private static SchemaModel person(String id, String root) {
        TypeDef t = TypeDef.of(root, List.of(ElementDef.of("name", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED)));
        return SchemaModel.of(root, List.of(t), List.of()).toBuilder().identifier(id).rootType(root)
                .annotations(Map.of("jsonschema.comment", "from " + root))
                .namespaces(Map.of("ex", "https://example.org/" + root + "/")).build();
    }

    private GraphSnapshot write(GraphSnapshot before, SchemaModel m, LossinessLedger ledger) {
        return SnapshotReplay.apply(before, mapper.toChanges(m, before, SPACE, () -> "n" + ids.incrementAndGet(),
                ledger), "t", Instant.EPOCH);
    }

    @Test
    void theSameModelAgainReplacesItsFactsInPlace() {
        GraphSnapshot g = write(new GraphSnapshot(SPACE, List.of(), List.of(), List.of()),
                person("https://x/p.json", "Person"), new LossinessLedger());
        SchemaModel v2 = person("https://x/p.json", "Person").toBuilder()
                .annotations(Map.of("jsonschema.comment", "v2"))
                .name("Person v2").build();
        LossinessLedger ledger = new LossinessLedger();
        g = write(g, v2, ledger);
        assertTrue(ledger.isEmpty(), "a new version of the same model (same identifier) is no conflict");
        SchemaModel back = mapper.toModel(g, "unused");
        assertEquals("Person v2", back.name());
        assertEquals(Map.of("jsonschema.comment", "v2"), back.annotations());
        assertEquals(1, g.nodes().stream().filter(n -> n.nodeType() == NodeType.Component).count(),
                "one model node per space");
    }

    @Test
    void aDifferentModelMergesInKeepingTheSpacesFactsAndLedgersEveryConflict() {
        GraphSnapshot g = write(new GraphSnapshot(SPACE, List.of(), List.of(), List.of()),
                person("https://x/p.json", "Person"), new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        g = write(g, person("https://x/o.json", "Order").toBuilder().namespaces(Map.of("ex", "https://other/",
                "o", "https://example.org/o/")).build(), ledger);
        SchemaModel back = mapper.toModel(g, "unused");
        assertEquals("Person", back.name());
        assertEquals("Person", back.rootType().orElseThrow());
        assertEquals("https://x/p.json", back.identifier().orElseThrow());
        assertEquals(Map.of("ex", "https://example.org/Person/", "o", "https://example.org/o/"), back.namespaces(),
                "prefixes the space lacks are added, a conflicting one keeps the space's binding");
        assertEquals(java.util.Set.of("Person", "Order"), back.types().stream().map(TypeDef::name)
                .collect(java.util.stream.Collectors.toSet()),
                "the second model's types join the space");
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        assertEquals(List.of("model.name", "model.rootType", "model.identifier", "model.namespaces.ex",
                "model.annotations.jsonschema.comment"), paths);
        assertTrue(ledger.entries().get(1).explanation().contains("'Order'"), ledger.entries().get(1).explanation());
    }

    @Test
    void aSpaceWithoutAModelNodeTakesTheFirstModelsFactsWithoutConflict() {
        Node handMade = new Node("t1", "Thing", NodeType.Type, SPACE, Instant.EPOCH, Instant.EPOCH, "u", "u", false,
                1);
        LossinessLedger ledger = new LossinessLedger();
        GraphSnapshot g = write(new GraphSnapshot(SPACE, List.of(handMade), List.of(), List.of()),
                person("https://x/p.json", "Person"), ledger);
        assertTrue(ledger.isEmpty());
        assertEquals("https://x/p.json", mapper.toModel(g, "unused").identifier().orElseThrow());
    }
}
