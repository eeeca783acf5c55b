package io.modelgraph.schema.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ModelGraphMapperTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> SPACE = List.of("space-main");
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");
    private final ModelGraphMapper mapper = new ModelGraphMapper();

    static SchemaModel shop() {
        Provenance json = Provenance.of("jsonschema");
        TypeDef party = TypeDef.builder("Party").description(Optional.of("Someone")).elements(List.of(
                ElementDef.of("id", DataType.of(PrimitiveKind.UUID), Cardinality.REQUIRED))).isAbstract(true)
                        .mapsTo(Optional.of("http://schema.org/Thing")).provenance(json).build();
        TypeDef customer = TypeDef.builder("Customer").supertypes(List.of("Party")).elements(List.of(
                ElementDef.of("email", new DataType.Primitive(PrimitiveKind.STRING, Optional.of("varchar")),
                        Cardinality.REQUIRED)
                        .toBuilder().description("Primary email")
                        .constraints(Constraints.builder().format("email").minLength(3L).maxLength(254L)
                                .pattern("^.+@.+$").build()).build(),
                ElementDef.of("tier", new DataType.TaxonomyRef("Tier"), Cardinality.OPTIONAL)
                        .toBuilder().defaultValue(F.textNode("gold")).annotations(Map.of("x-odm-practice", "SHOULD"))
                        .build(),
                ElementDef.of("addresses", new DataType.TypeRef("Address"), new Cardinality(0, OptionalInt.of(5)))
                        .toBuilder().constraints(Constraints.builder().uniqueItems(true).build()).build(),
                ElementDef.of("balance", DataType.of(PrimitiveKind.DECIMAL), Cardinality.OPTIONAL)
                        .toBuilder().constraints(Constraints.builder().precision(10).scale(2).minimum(BigDecimal.ZERO)
                        .maximum(new BigDecimal("1000000.50")).multipleOf(new BigDecimal("0.01")).build())
                        .nullable(true).examples(List.of(F.numberNode(new BigDecimal("12.50")))).build(),
                ElementDef.of("label", new DataType.Union(List.of(DataType.of(PrimitiveKind.STRING),
                        new DataType.MapOf(DataType.of(PrimitiveKind.STRING)))), Cardinality.ANY_NUMBER),
                ElementDef.of("kind", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().constraints(Constraints.builder().constValue(F.textNode("customer")).build())
                        .mapsTo("http://schema.org/additionalType").build())).provenance(json)
                        .annotations(Map.of("title", "A customer")).build();
        TypeDef address = TypeDef.of("Address", List.of(
                ElementDef.of("city", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED),
                ElementDef.of("owner", new DataType.TypeRef("Customer"), Cardinality.OPTIONAL)))
                .toBuilder().provenance(json).build();
        TaxonomyDef tier = new TaxonomyDef("Tier", Optional.of("Loyalty tiers"), List.of(
                Term.of("silver"), new Term("gold", Optional.of("Gold"), Optional.of("The best"),
                        Optional.of("http://example.com/gold"))), Optional.empty(), json, Map.of("x-source", "crm"));
        return SchemaModel.of("shop", List.of(party, customer, address), List.of(tier));
    }

    static Supplier<String> ids(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return () -> prefix + n.incrementAndGet();
    }

    static GraphSnapshot empty() {
        return new GraphSnapshot(SPACE, List.of(), List.of(), List.of());
    }

    @Test
    void modelToGraphAndBackIsTheSameModel() {
        SchemaModel model = shop();
        GraphChanges changes = mapper.toChanges(model, empty(), SPACE, ids("n"));
        GraphSnapshot graph = SnapshotReplay.apply(empty(), changes, "test", NOW);

        assertEquals(model, mapper.toModel(graph, "shop"));
    }

    @Test
    void writesNodesRelationsAndMixinsInTheDefaultGroups() {
        GraphChanges changes = mapper.toChanges(shop(), empty(), SPACE, ids("n"));

        assertEquals(3, count(changes, NodeType.Type));
        assertEquals(9, count(changes, NodeType.Element));
        assertEquals(1, count(changes, NodeType.Taxonomy));
        assertEquals(2, count(changes, NodeType.Exemplar));
        assertTrue(changes.nodes().stream().allMatch(n -> n.spaceIds().equals(SPACE)));
        String customer = idOf(changes, NodeType.Type, "Customer");
        String party = idOf(changes, NodeType.Type, "Party");
        String tier = idOf(changes, NodeType.Taxonomy, "Tier");
        String tierElement = changes.nodes().stream().filter(n -> n.label().equals("tier")).findFirst().orElseThrow()
                .id();
        assertTrue(has(changes, customer, party, DefaultRelationGroups.SUBCLASS_OF));
        assertTrue(has(changes, tierElement, customer, DefaultRelationGroups.DOMAIN_INCLUDES));
        assertTrue(has(changes, tierElement, tier, DefaultRelationGroups.RANGE_INCLUDES));
        assertEquals(2, changes.relations().stream().filter(r -> r.fromNodeId().equals(tier)
                && r.relationGroupId().equals(DefaultRelationGroups.HAS_MEMBER)).count());
        MixinValue dataType = changes.mixinValues().stream().filter(v -> v.nodeId().equals(tierElement)
                && v.mixinId().equals(DefaultMixins.DATA_TYPE)).findFirst().orElseThrow();
        assertEquals("TAXONOMY", dataType.columns().get("dataType").textValue());
        MixinValue provenance = changes.mixinValues().stream().filter(v -> v.nodeId().equals(customer)
                && v.mixinId().equals(DefaultMixins.PROVENANCE)).findFirst().orElseThrow();
        assertEquals("jsonschema", provenance.columns().get("format").textValue());
    }

    @Test
    void reapplyingTheSameModelChangesNothing() {
        GraphSnapshot graph = SnapshotReplay.apply(empty(), mapper.toChanges(shop(), empty(), SPACE, ids("n")),
                "test", NOW);
        GraphChanges again = mapper.toChanges(shop(), graph, SPACE, ids("m"));
        assertTrue(again.isEmpty(), () -> "expected no changes, got " + again);
    }

    @Test
    void aChangedModelUpdatesInPlaceWithoutDuplicates() {
        GraphSnapshot graph = SnapshotReplay.apply(empty(), mapper.toChanges(shop(), empty(), SPACE, ids("n")),
                "test", NOW);
        SchemaModel model = shop();
        TypeDef address = model.type("Address").orElseThrow();
        TypeDef changedAddress = address.toBuilder().elements(List.of(
                address.elements().get(0).toBuilder().description("Town").build(),
                ElementDef.of("zip", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL))).build();
        TaxonomyDef tier = model.taxonomy("Tier").orElseThrow();
        TaxonomyDef changedTier = new TaxonomyDef("Tier", tier.description(), List.of(Term.of("bronze"),
                tier.terms().get(1)), tier.mapsTo(), tier.provenance(), tier.annotations());
        SchemaModel changed = model.toBuilder()
                .types(List.of(model.types().get(0), model.types().get(1), changedAddress))
                .taxonomies(List.of(changedTier)).build();

        GraphChanges delta = mapper.toChanges(changed, graph, SPACE, ids("m"));
        assertEquals(2, delta.nodes().size(), () -> "new 'zip' and 'bronze' only: " + delta.nodes());
        assertEquals(2, delta.removedNodeIds().size(), "'owner' and 'silver' are gone");
        GraphSnapshot after = SnapshotReplay.apply(graph, delta, "test", NOW);

        assertEquals(changed, mapper.toModel(after, "shop"));
        assertEquals(graph.nodes().size(), after.nodes().size());
        assertTrue(mapper.toChanges(changed, after, SPACE, ids("k")).isEmpty());
    }

    @Test
    void nodesWrittenByAnotherImportAreMatchedByLabel() {
        Node handMade = new Node("hand-1", "Customer", NodeType.Type, List.of("space-other"), NOW, NOW, "u", "u",
                false, 1);
        GraphSnapshot graph = new GraphSnapshot(SPACE, List.of(handMade), List.of(),
                List.of(new MixinValue("hand-1", DefaultMixins.DESCRIPTION,
                        Map.of("description", F.textNode("old text")))));
        GraphChanges changes = mapper.toChanges(shop(), graph, SPACE, ids("n"));

        GraphChanges.NodeUpsert customer = changes.nodes().stream().filter(n -> n.id().equals("hand-1")).findFirst()
                .orElseThrow();
        assertEquals(List.of("space-other", "space-main"), customer.spaceIds(), "added to the target space");
        assertEquals(1, changes.nodes().stream().filter(n -> n.label().equals("Customer")).count());
        MixinValue cleared = changes.mixinValues().stream().filter(v -> v.nodeId().equals("hand-1")
                && v.mixinId().equals(DefaultMixins.DESCRIPTION)).findFirst().orElseThrow();
        assertTrue(cleared.columns().isEmpty(), "the model has no description for Customer: cleared");
    }

    @Test
    void aTargetSpaceIsRequired() {
        assertThrows(IllegalArgumentException.class, () -> mapper.toChanges(shop(), empty(), List.of(), ids("n")));
    }

    @Test
    void handMadeNodesWithoutFactsReadAsUntypedParts() {
        Node type = new Node("t", "Thing", NodeType.Type, SPACE, NOW, NOW, "u", "u", false, 1);
        Node element = new Node("e", "name", NodeType.Element, SPACE, NOW, NOW, "u", "u", false, 1);
        Node target = new Node("x", "Other", NodeType.Type, SPACE, NOW, NOW, "u", "u", false, 1);
        GraphSnapshot graph = new GraphSnapshot(SPACE, List.of(type, element, target), List.of(
                new Relation("r1", "e", "t", DefaultRelationGroups.DOMAIN_INCLUDES),
                new Relation("r2", "e", "x", DefaultRelationGroups.RANGE_INCLUDES)), List.of());
        SchemaModel model = mapper.toModel(graph);
        ElementDef name = model.type("Thing").orElseThrow().element("name").orElseThrow();
        assertEquals(new DataType.TypeRef("Other"), name.type());
        assertEquals(Cardinality.OPTIONAL, name.cardinality());
        assertFalse(model.type("Other").orElseThrow().isAbstract());
    }

    private static long count(GraphChanges c, NodeType t) {
        return c.nodes().stream().filter(n -> n.nodeType() == t).count();
    }

    private static String idOf(GraphChanges c, NodeType t, String label) {
        return c.nodes().stream().filter(n -> n.nodeType() == t && n.label().equals(label)).findFirst().orElseThrow()
                .id();
    }

    private static boolean has(GraphChanges c, String from, String to, String group) {
        return c.relations().stream().anyMatch(r -> r.fromNodeId().equals(from) && r.toNodeId().equals(to)
                && r.relationGroupId().equals(group));
    }
}
