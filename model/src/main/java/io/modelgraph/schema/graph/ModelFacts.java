package io.modelgraph.schema.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The model-level facts of a space (the canonical model without its types and taxonomies) as columns of the
 * {@code model} mixin on the space's model node, and back; plus the rule for a second, different model written
 * into a space that already holds one (docs/model.md "Model-level facts").
 */
final class ModelFacts {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** The {@code model} mixin columns: everything model-level except description, provenance and annotations. */
    static Map<String, JsonNode> columns(SchemaModel m) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        out.put("name", F.textNode(m.name()));
        m.rootType().ifPresent(v -> out.put("rootType", F.textNode(v)));
        m.identifier().ifPresent(v -> out.put("identifier", F.textNode(v)));
        if (!m.namespaces().isEmpty()) {
            ObjectNode ns = F.objectNode();
            new TreeMap<>(m.namespaces()).forEach(ns::put);
            out.put("namespaces", ns);
        }
        if (!m.relationships().isEmpty()) {
            ArrayNode rs = F.arrayNode();
            m.relationships().forEach(r -> rs.add(relationship(r)));
            out.put("relationships", rs);
        }
        return out;
    }

    /** A model holding only the model-level facts read from the node's mixin values. */
    static SchemaModel read(Map<String, JsonNode> model, Optional<String> description, Provenance provenance,
            Map<String, String> annotations) {
        Map<String, String> namespaces = new LinkedHashMap<>();
        JsonNode ns = model.get("namespaces");
        if (ns != null && ns.isObject()) {
            ns.fields().forEachRemaining(e -> namespaces.put(e.getKey(), e.getValue().asText()));
        }
        String name = GraphFacts.text(model.get("name")).orElse("model");
        List<Relationship> relationships = new ArrayList<>();
        JsonNode rs = model.get("relationships");
        if (rs != null && rs.isArray()) {
            rs.forEach(r -> relationship(r).ifPresent(relationships::add));
        }
        return new SchemaModel(name, description, List.of(), List.of(), namespaces, provenance, annotations,
                GraphFacts.text(model.get("rootType")), GraphFacts.text(model.get("identifier")), relationships);
    }

    private static ObjectNode relationship(Relationship r) {
        ObjectNode o = F.objectNode();
        r.name().ifPresent(n -> o.put("name", n));
        o.put("fromType", r.fromType());
        o.set("fromElements", GraphFacts.texts(r.fromElements()));
        o.put("toType", r.toType());
        o.set("toElements", GraphFacts.texts(r.toElements()));
        o.set("fromCardinality", cardinality(r.fromCardinality()));
        o.set("toCardinality", cardinality(r.toCardinality()));
        if (!r.annotations().isEmpty()) {
            ObjectNode a = o.putObject("annotations");
            new TreeMap<>(r.annotations()).forEach(a::put);
        }
        return o;
    }

    /** Empty when the stored value is not a relationship (edited by hand into something else). */
    private static Optional<Relationship> relationship(JsonNode o) {
        if (!o.isObject() || !o.path("fromType").isTextual() || !o.path("toType").isTextual()) {
            return Optional.empty();
        }
        try {
            Map<String, String> annotations = new LinkedHashMap<>();
            o.path("annotations").fields().forEachRemaining(e -> annotations.put(e.getKey(), e.getValue().asText()));
            return Optional.of(new Relationship(GraphFacts.text(o.get("name")), o.get("fromType").asText(),
                    GraphFacts.texts(o.get("fromElements")), o.get("toType").asText(),
                    GraphFacts.texts(o.get("toElements")), cardinality(o.get("fromCardinality")),
                    cardinality(o.get("toCardinality")), annotations));
        } catch (IllegalArgumentException notACardinality) {
            return Optional.empty();
        }
    }

    private static ObjectNode cardinality(Cardinality c) {
        ObjectNode o = F.objectNode().put("min", c.min());
        if (c.max().isPresent()) {
            o.put("max", c.max().getAsInt());
        } else {
            o.putNull("max");
        }
        return o;
    }

    private static Cardinality cardinality(JsonNode o) {
        if (o == null || !o.path("min").canConvertToInt()) {
            return Cardinality.ANY_NUMBER;
        }
        JsonNode max = o.path("max");
        return new Cardinality(o.get("min").intValue(),
                max.canConvertToInt() && max.isNumber() ? OptionalInt.of(max.intValue()) : OptionalInt.empty());
    }

    /** The model-level part of {@code m} (no types, no taxonomies). */
    static SchemaModel header(SchemaModel m) {
        return m.toBuilder().types(List.of()).taxonomies(List.of()).build();
    }

    /** Whether two headers describe the same model: same identifier when both have one, else the same name. */
    static boolean sameModel(SchemaModel stored, SchemaModel incoming) {
        if (stored.identifier().isPresent() && incoming.identifier().isPresent()) {
            return stored.identifier().equals(incoming.identifier());
        }
        return stored.name().equals(incoming.name());
    }

    /**
     * A different model written into a space that already holds one: the stored facts stay (the space keeps its
     * identity), facts the space lacks are added, and every incoming fact that differs from a stored one is
     * written to {@code ledger} as not stored.
     */
    static SchemaModel merge(SchemaModel stored, SchemaModel incoming, LossinessLedger ledger) {
        String why = " differs from the space's model '" + stored.name() + "' and is not stored (a second model"
                + " merges into a space; the first one's model-level facts stay)";
        if (!stored.name().equals(incoming.name())) {
            ledger.narrow("model.name", "model name '" + incoming.name() + "'" + why);
        }
        Optional<String> description = kept("model.description", stored.description(), incoming.description(), why,
                ledger);
        Optional<String> rootType = kept("model.rootType", stored.rootType(), incoming.rootType(), why, ledger);
        Optional<String> identifier = kept("model.identifier", stored.identifier(), incoming.identifier(), why,
                ledger);
        List<Relationship> relationships = new ArrayList<>(stored.relationships());
        for (Relationship r : incoming.relationships()) {
            Optional<Relationship> same = r.name().isEmpty() ? Optional.empty() : relationships.stream()
                    .filter(x -> x.name().equals(r.name())).findFirst();
            if (same.isEmpty()) {
                if (!relationships.contains(r)) {
                    relationships.add(r);
                }
            } else if (!same.get().equals(r)) {
                ledger.narrow("model.relationships." + r.name().get(), "relationship '" + r.name().get() + "'" + why);
            }
        }
        Provenance provenance = stored.provenance();
        if (provenance.equals(Provenance.NONE)) {
            provenance = incoming.provenance();
        } else if (!incoming.provenance().equals(Provenance.NONE) && !incoming.provenance().equals(provenance)) {
            ledger.narrow("model.provenance", "provenance (format '" + incoming.provenance().format() + "')" + why);
        }
        Map<String, String> namespaces = union("model.namespaces", stored.namespaces(), incoming.namespaces(), why,
                ledger);
        Map<String, String> annotations = union("model.annotations", stored.annotations(), incoming.annotations(),
                why, ledger);
        return new SchemaModel(stored.name(), description, List.of(), List.of(), namespaces, provenance,
                annotations, rootType, identifier, relationships);
    }

    private static <T> Optional<T> kept(String path, Optional<T> stored, Optional<T> incoming, String why,
            LossinessLedger ledger) {
        if (stored.isEmpty()) {
            return incoming;
        }
        if (incoming.isPresent() && !incoming.equals(stored)) {
            ledger.narrow(path, "'" + incoming.get() + "'" + why);
        }
        return stored;
    }

    private static Map<String, String> union(String path, Map<String, String> stored, Map<String, String> incoming,
            String why, LossinessLedger ledger) {
        Map<String, String> out = new LinkedHashMap<>(stored);
        new TreeMap<>(incoming).forEach((k, v) -> {
            String have = out.putIfAbsent(k, v);
            if (have != null && !Objects.equals(have, v)) {
                ledger.narrow(path + "." + k, "'" + v + "'" + why);
            }
        });
        return out;
    }

    private ModelFacts() {
    }
}
