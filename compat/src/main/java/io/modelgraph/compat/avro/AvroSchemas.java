package io.modelgraph.compat.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.json.Json;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Avro schema a model stands for, as the Avro codec writes it: records from types, enums from value lists,
 * fixed types from the {@code avro.fixed} facts, each field's schema in reference form (named types by full name)
 * from {@code avro.schema} where the codec kept one, else derived from the element as the codec derives it
 * (docs/compare.md "Avro"). Built once per model.
 */
final class AvroSchemas {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    static final Set<String> PRIMITIVES = Set.of("null", "boolean", "int", "long", "float", "double", "bytes",
            "string");

    /** A named Avro type with the model's name for it (the finding paths use that). */
    sealed interface Named permits Record, Enum, Fixed {
        String fullName();

        String modelName();

        List<String> aliases();

        default String simpleName() {
            int dot = fullName().lastIndexOf('.');
            return dot < 0 ? fullName() : fullName().substring(dot + 1);
        }
    }

    record Field(String name, List<String> aliases, JsonNode schema, boolean hasDefault) {
    }

    record Record(String fullName, String modelName, List<String> aliases, List<Field> fields) implements Named {
        Optional<Field> field(String name) {
            return fields.stream().filter(f -> f.name().equals(name)).findFirst();
        }
    }

    record Enum(String fullName, String modelName, List<String> aliases, List<String> symbols,
            Optional<String> defaultSymbol) implements Named {
    }

    record Fixed(String fullName, String modelName, List<String> aliases, int size) implements Named {
    }

    private final Map<String, Named> named = new LinkedHashMap<>();
    private final Map<String, String> typeFullNames = new HashMap<>();
    private final Map<String, String> taxonomyFullNames = new HashMap<>();
    private final JsonNode root;

    AvroSchemas(SchemaModel model) {
        String defaultNamespace = defaultNamespace(model);
        for (TypeDef t : model.types()) {
            typeFullNames.put(t.name(), fullName(t.name(), t.provenance(), namespaceOf(t), defaultNamespace));
        }
        for (TaxonomyDef x : model.taxonomies()) {
            taxonomyFullNames.put(x.name(), fullName(x.name(), x.provenance(), namespaceOf(x.annotations()),
                    defaultNamespace));
        }
        model.annotations().forEach((k, v) -> {
            if (k.startsWith("avro.fixed.")) {
                read(v).filter(JsonNode::isObject).ifPresent(this::fixed);
            }
        });
        for (TypeDef t : model.types()) {
            for (ElementDef e : t.elements()) {
                Optional.ofNullable(e.annotations().get("avro.fixed")).flatMap(AvroSchemas::read)
                        .filter(JsonNode::isArray).ifPresent(a -> a.forEach(this::fixed));
            }
        }
        for (TypeDef t : model.types()) {
            String full = typeFullNames.get(t.name());
            List<Field> fields = new ArrayList<>();
            for (ElementDef e : t.elements()) {
                fields.add(new Field(e.name(), aliases(e.annotations()), fieldSchema(e), e.defaultValue()
                        .isPresent()));
            }
            named.put(full, new Record(full, t.name(), qualified(aliases(t.annotations()), full), fields));
        }
        for (TaxonomyDef x : model.taxonomies()) {
            String full = taxonomyFullNames.get(x.name());
            named.put(full, new Enum(full, x.name(), qualified(aliases(x.annotations()), full), x.terms().stream()
                    .map(Term::code).toList(), Optional.ofNullable(x.annotations().get("avro.default"))));
        }
        root = withUnreached(root(model));
    }

    /** As the codec writes it: named types the root does not reach join the root union, so none goes unchecked. */
    private JsonNode withUnreached(JsonNode start) {
        Set<String> reached = new HashSet<>();
        java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>();
        Set<String> first = new HashSet<>();
        names(start, first);
        first.forEach(n -> named(n).ifPresent(x -> queue.add(x.fullName())));
        while (!queue.isEmpty()) {
            String n = queue.poll();
            if (!reached.add(n)) {
                continue;
            }
            if (named.get(n) instanceof Record r) {
                Set<String> refs = new HashSet<>();
                r.fields().forEach(f -> names(f.schema(), refs));
                refs.forEach(x -> named(x).ifPresent(y -> queue.add(y.fullName())));
            }
        }
        List<String> unreached = named.keySet().stream().filter(n -> !reached.contains(n)).toList();
        if (unreached.isEmpty()) {
            return start;
        }
        ArrayNode union = JSON.arrayNode();
        if (start.isArray()) {
            union.addAll((ArrayNode) start);
        } else {
            union.add(start);
        }
        unreached.forEach(union::add);
        return union;
    }

    JsonNode root() {
        return root;
    }

    /** The named type a reference names (a full name, or a model name of a schema stored before full names). */
    Optional<Named> named(String name) {
        Named n = named.get(name);
        if (n == null) {
            String full = typeFullNames.getOrDefault(name, taxonomyFullNames.get(name));
            n = full == null ? null : named.get(full);
        }
        return Optional.ofNullable(n);
    }

    private void fixed(JsonNode d) {
        String ns = d.path("namespace").asText("");
        String full = (ns.isEmpty() ? "" : ns + ".") + d.path("name").asText();
        List<String> aliases = new ArrayList<>();
        d.path("aliases").forEach(a -> aliases.add(a.asText()));
        named.putIfAbsent(full, new Fixed(full, full, qualified(aliases, full), d.path("size").asInt()));
    }

    private JsonNode root(SchemaModel model) {
        Optional<JsonNode> stored = Optional.ofNullable(model.annotations().get("avro.root")).flatMap(
                AvroSchemas::read);
        if (stored.isPresent()) {
            return stored.get();
        }
        if (model.rootType().isPresent() && typeFullNames.containsKey(model.rootType().get())) {
            return TextNode.valueOf(typeFullNames.get(model.rootType().get()));
        }
        Set<String> referenced = new HashSet<>();
        for (Named n : named.values()) {
            if (n instanceof Record r) {
                r.fields().forEach(f -> names(f.schema(), referenced));
            }
        }
        List<String> roots = named.keySet().stream().filter(n -> !referenced.contains(n)).toList();
        if (roots.isEmpty() && !model.types().isEmpty()) {
            roots = List.of(typeFullNames.get(model.types().get(0).name()));
        }
        if (roots.size() == 1) {
            return TextNode.valueOf(roots.get(0));
        }
        ArrayNode union = JSON.arrayNode();
        roots.forEach(union::add);
        return union;
    }

    private static void names(JsonNode schema, Set<String> out) {
        if (schema.isTextual()) {
            out.add(schema.asText());
        } else if (schema.isArray()) {
            schema.forEach(m -> names(m, out));
        } else if (schema.isObject()) {
            Optional.ofNullable(schema.get("items")).ifPresent(i -> names(i, out));
            Optional.ofNullable(schema.get("values")).ifPresent(v -> names(v, out));
        }
    }

    private static String fullName(String modelName, io.modelgraph.schema.Provenance p, String namespace,
            String defaultNamespace) {
        if (p.format().equals("avro") && p.originalName().isPresent()) {
            return p.originalName().get();
        }
        String ns = namespace.isEmpty() ? defaultNamespace : namespace;
        return modelName.contains(".") || ns.isEmpty() ? modelName : ns + "." + modelName;
    }

    private static String namespaceOf(TypeDef t) {
        return t.namespace().orElse(namespaceOf(t.annotations()));
    }

    private static String namespaceOf(Map<String, String> annotations) {
        return annotations.getOrDefault("avro.namespace", annotations.getOrDefault("protobuf.package", ""));
    }

    private static String defaultNamespace(SchemaModel model) {
        for (TypeDef t : model.types()) {
            String ns = namespaceOf(t);
            if (!ns.isEmpty()) {
                return ns;
            }
        }
        for (TaxonomyDef x : model.taxonomies()) {
            String ns = namespaceOf(x.annotations());
            if (!ns.isEmpty()) {
                return ns;
            }
        }
        return "";
    }

    private static List<String> aliases(Map<String, String> annotations) {
        List<String> out = new ArrayList<>();
        Optional.ofNullable(annotations.get("avro.aliases")).flatMap(AvroSchemas::read).filter(JsonNode::isArray)
                .ifPresent(a -> a.forEach(n -> out.add(n.asText())));
        return out;
    }

    /** Aliases as Avro keeps them: relative ones take the type's namespace. */
    private static List<String> qualified(List<String> aliases, String fullName) {
        int dot = fullName.lastIndexOf('.');
        String ns = dot < 0 ? "" : fullName.substring(0, dot);
        return aliases.stream().map(a -> a.contains(".") || ns.isEmpty() ? a : ns + "." + a).toList();
    }

    static Optional<JsonNode> read(String text) {
        try {
            return Optional.of(Json.parse(text));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The field's schema: the codec's exact one where it kept it, else the one its encoder derives. */
    private JsonNode fieldSchema(ElementDef e) {
        Optional<JsonNode> exact = Optional.ofNullable(e.annotations().get("avro.schema")).flatMap(
                AvroSchemas::read);
        if (exact.isPresent()) {
            return exact.get();
        }
        JsonNode base = forType(e.type(), e);
        if (e.cardinality().many()) {
            ObjectNode array = JSON.objectNode().put("type", "array");
            array.set("items", base);
            base = array;
        }
        boolean optional = e.nullable() || (!e.cardinality().required() && !e.cardinality().many());
        if (!optional) {
            return base;
        }
        ArrayNode union = JSON.arrayNode();
        union.add("null");
        if (base.isArray()) {
            base.forEach(m -> {
                if (!m.equals(TextNode.valueOf("null"))) {
                    union.add(m);
                }
            });
        } else {
            union.add(base);
        }
        return union;
    }

    private JsonNode forType(DataType type, ElementDef e) {
        if (type instanceof DataType.TypeRef t) {
            return TextNode.valueOf(typeFullNames.getOrDefault(t.typeName(), t.typeName()));
        }
        if (type instanceof DataType.TaxonomyRef t) {
            return TextNode.valueOf(taxonomyFullNames.getOrDefault(t.taxonomyName(), t.taxonomyName()));
        }
        if (type instanceof DataType.MapOf m) {
            ObjectNode map = JSON.objectNode().put("type", "map");
            map.set("values", forType(m.values(), e));
            return map;
        }
        if (type instanceof DataType.Union u) {
            ArrayNode union = JSON.arrayNode();
            for (DataType member : u.members()) {
                JsonNode m = forType(member, e);
                (m.isArray() ? m : JSON.arrayNode().add(m)).forEach(x -> {
                    if (!contains(union, x)) {
                        union.add(x);
                    }
                });
            }
            return union;
        }
        return primitive((DataType.Primitive) type, e);
    }

    private static boolean contains(ArrayNode union, JsonNode x) {
        for (JsonNode m : union) {
            if (m.equals(x)) {
                return true;
            }
        }
        return false;
    }

    private JsonNode primitive(DataType.Primitive p, ElementDef e) {
        String nativeName = p.nativeName().orElse("");
        Optional<String> fixed = Optional.ofNullable(e.annotations().get("avro.fixed")).flatMap(AvroSchemas::read)
                .filter(a -> a.isArray() && a.size() > 0).map(a -> a.get(0)).map(d -> {
                    String ns = d.path("namespace").asText("");
                    return (ns.isEmpty() ? "" : ns + ".") + d.path("name").asText();
                });
        if (fixed.isPresent() && (p.kind() == PrimitiveKind.BINARY || p.kind() == PrimitiveKind.DECIMAL
                || p.kind() == PrimitiveKind.DURATION)) {
            return TextNode.valueOf(fixed.get());
        }
        if (PRIMITIVES.contains(nativeName) && fits(p.kind(), nativeName)) {
            return TextNode.valueOf(nativeName);
        }
        return TextNode.valueOf(switch (p.kind()) {
            case INTEGER, DATETIME -> "long";
            case NUMBER -> "double";
            case BOOLEAN -> "boolean";
            case BINARY, DECIMAL -> "bytes";
            case DATE -> "int";
            case TIME -> nativeName.equals("time-micros") ? "long" : "int";
            case ANY -> nativeName.equals("null") ? "null" : "string";
            default -> "string";
        });
    }

    private static boolean fits(PrimitiveKind kind, String avro) {
        return switch (avro) {
            case "int", "long" -> kind == PrimitiveKind.INTEGER;
            case "float", "double" -> kind == PrimitiveKind.NUMBER;
            case "string" -> kind == PrimitiveKind.STRING;
            case "bytes" -> kind == PrimitiveKind.BINARY;
            case "boolean" -> kind == PrimitiveKind.BOOLEAN;
            default -> kind == PrimitiveKind.ANY;
        };
    }
}
