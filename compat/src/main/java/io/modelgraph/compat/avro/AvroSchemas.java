package io.modelgraph.compat.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.avro.AvroReferenceForm;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Avro schema a model stands for, read off the Avro codec's own writer ({@link AvroReferenceForm}): the
 * root, and each record, enum and fixed type with what resolution looks at (names, aliases, fields and their
 * defaults, symbols and the enum default, sizes), plus the model's names for them, which the finding paths use
 * (docs/compare.md "Avro"). One per model and direction; a named type is read off its definition when the walk
 * first looks into it.
 */
final class AvroSchemas {
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

    /** A record field: its Avro name, the model element's name, aliases, schema in reference form. */
    record Field(String name, String modelName, List<String> aliases, JsonNode schema, boolean hasDefault) {
    }

    record Record(String fullName, String modelName, List<String> aliases, List<Field> fields,
            Map<String, Field> byName) implements Named {
        Record(String fullName, String modelName, List<String> aliases, List<Field> fields) {
            this(fullName, modelName, aliases, fields, index(fields));
        }

        Optional<Field> field(String name) {
            return Optional.ofNullable(byName.get(name));
        }

        private static Map<String, Field> index(List<Field> fields) {
            Map<String, Field> out = new HashMap<>();
            fields.forEach(f -> out.putIfAbsent(f.name(), f));
            return out;
        }
    }

    record Enum(String fullName, String modelName, List<String> aliases, List<String> symbols,
            Optional<String> defaultSymbol) implements Named {
    }

    record Fixed(String fullName, String modelName, List<String> aliases, int size) implements Named {
    }

    /**
     * A definition as the walk first meets it: its full name and the model part written as it, found with one
     * lookup; its references are asked of the form once.
     */
    static final class Def {
        final String fullName;
        /** The model type written as this record, or null. */
        final TypeDef type;
        /** The model value list written as this enum, or null. */
        final TaxonomyDef taxonomy;
        private Set<String> references;

        private Def(String fullName, TypeDef type, TaxonomyDef taxonomy) {
            this.fullName = fullName;
            this.type = type;
            this.taxonomy = taxonomy;
        }
    }

    private final AvroReferenceForm form;
    private final Map<String, TypeDef> types;
    private final Map<String, TaxonomyDef> taxonomies;
    private final Map<String, Named> named = new HashMap<>();
    private final Map<String, Def> defs;

    AvroSchemas(SchemaModel model) {
        this.form = AvroReferenceForm.of(model);
        // the codec's own indexes, not copies; sized once: a walk of a changed copy of a large model meets every
        // definition
        this.types = form.typesByFullName();
        this.taxonomies = form.taxonomiesByFullName();
        this.defs = new HashMap<>((model.types().size() + model.taxonomies().size()) * 4 / 3 + 1);
    }

    /** The definition a reference names (a full name or a model name), or null when the schema has none. */
    Def def(String name) {
        Def d = defs.get(name);
        if (d == null) {
            Optional<String> full = form.fullName(name);
            if (full.isEmpty()) {
                return null;
            }
            d = defs.get(full.get());
            if (d == null) {
                d = new Def(full.get(), types.get(full.get()), taxonomies.get(full.get()));
                defs.put(full.get(), d);
            }
            if (!name.equals(full.get())) {
                defs.put(name, d);
            }
        }
        return d;
    }

    /** The named types a definition refers to, known without writing it. */
    Set<String> references(Def d) {
        if (d.references == null) {
            d.references = form.references(d.fullName);
        }
        return d.references;
    }

    JsonNode root() {
        return form.root();
    }

    /**
     * The named type a reference names (a full name, or a model name of a schema stored before full names),
     * read off its definition on first use.
     */
    Optional<Named> named(String name) {
        Named n = named.get(name);
        if (n != null) {
            return Optional.of(n);
        }
        Optional<String> full = form.fullName(name);
        if (full.isEmpty()) {
            return Optional.empty();
        }
        n = named.get(full.get());
        if (n == null) {
            n = of(full.get(), form.definition(full.get()).orElseThrow(), types.get(full.get()), taxonomies.get(
                    full.get()));
            named.put(full.get(), n);
        }
        return Optional.of(n);
    }

    /** The full name a reference names, if the schema defines it. */
    Optional<String> fullName(String name) {
        return form.fullName(name);
    }

    /** record, enum or fixed for a defined full name, known without writing a record or enum. */
    String kind(String fullName) {
        if (taxonomies.containsKey(fullName)) {
            return "enum";
        }
        if (types.containsKey(fullName)) {
            return "record";
        }
        return named(fullName).map(n -> n instanceof Record ? "record" : n instanceof Enum ? "enum" : "fixed")
                .orElse("record");
    }

    private static Named of(String full, ObjectNode d, TypeDef type, TaxonomyDef taxonomy) {
        List<String> aliases = qualified(strings(d.path("aliases")), full);
        String kind = d.path("type").asText();
        if (kind.equals("enum")) {
            return new Enum(full, taxonomy == null ? full : taxonomy.name(), aliases, strings(d.path("symbols")),
                    d.path("default").isTextual() ? Optional.of(d.path("default").asText()) : Optional.empty());
        }
        if (kind.equals("fixed")) {
            return new Fixed(full, full, aliases, d.path("size").asInt());
        }
        List<Field> fields = new ArrayList<>();
        JsonNode written = d.path("fields");
        // the codec writes one field per element, in order: the model's element names place the findings
        List<ElementDef> elements = type != null && type.elements().size() == written.size() ? type.elements()
                : List.of();
        for (int i = 0; i < written.size(); i++) {
            JsonNode f = written.get(i);
            String name = f.path("name").asText();
            fields.add(new Field(name, elements.isEmpty() ? name : elements.get(i).name(), strings(f.path(
                    "aliases")), f.path("type"), f.has("default")));
        }
        return new Record(full, type == null ? full : type.name(), aliases, fields);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Aliases as Avro keeps them: relative ones take the type's namespace. */
    private static List<String> qualified(List<String> aliases, String fullName) {
        int dot = fullName.lastIndexOf('.');
        String ns = dot < 0 ? "" : fullName.substring(0, dot);
        return aliases.stream().map(a -> a.contains(".") || ns.isEmpty() ? a : ns + "." + a).toList();
    }
}
