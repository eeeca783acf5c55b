package io.modelgraph.codec.synapse;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The canonical model as Synapse registered schemas (JSON Schema draft-07 as Synapse accepts it): one schema per
 * Taxonomy (an enumeration term, {@code anyOf} of {@code const} values like the {@code sage.annotations} terms) and
 * one per Type (an object whose properties are annotation keys), with {@code $ref}s between them by registered id
 * and supertypes as {@code allOf} of {@code $ref}s. The bundle lists taxonomies first, then types with each
 * supertype before its subtypes: the order in which they can be registered.
 */
final class SynapseEncoding {
    static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final SchemaModel model;
    private final SynapseNames names;
    private final LossinessLedger ledger;
    private final Map<String, String> typeParts = new HashMap<>();
    private final Map<String, String> taxonomyParts = new HashMap<>();

    private SynapseEncoding(SchemaModel model, SynapseNames names, LossinessLedger ledger) {
        this.model = model;
        this.names = names;
        this.ledger = ledger;
    }

    static ObjectNode encode(SchemaModel model, SynapseNames names, LossinessLedger ledger) {
        return new SynapseEncoding(model, names, ledger).bundle();
    }

    private ObjectNode bundle() {
        Set<String> used = new LinkedHashSet<>();
        for (TaxonomyDef t : model.taxonomies()) {
            taxonomyParts.put(t.name(), partFor(t.name(), "taxonomies." + t.name(), used));
        }
        for (TypeDef t : model.types()) {
            typeParts.put(t.name(), partFor(t.name(), "types." + t.name(), used));
        }
        ObjectNode bundle = F.objectNode();
        bundle.put("organizationName", names.organization());
        ArrayNode schemas = bundle.putArray("schemas");
        model.taxonomies().forEach(t -> schemas.add(taxonomy(t)));
        for (TypeDef t : registrationOrder()) {
            schemas.add(type(t));
        }
        return bundle;
    }

    private String partFor(String name, String path, Set<String> used) {
        String part = SynapseNames.part(name);
        String unique = part;
        for (int n = 2; !used.add(unique); n++) {
            unique = part + n;
        }
        if (!unique.equals(name)) {
            ledger.approximate(path, "'" + name + "' is not a valid Synapse schema name part; registered as '"
                    + unique + "'.");
        }
        return unique;
    }

    private ObjectNode taxonomy(TaxonomyDef t) {
        ObjectNode s = header(names.id(taxonomyParts.get(t.name())));
        t.description().ifPresent(d -> s.put("description", d));
        s.put("type", "string");
        if (t.terms().isEmpty()) {
            // JSON Schema requires anyOf to hold at least one schema; a taxonomy whose terms are defined elsewhere
            // (a LinkML dynamic enum) can only be stated as any string here
            ledger.relax("taxonomies." + t.name(), "The taxonomy lists no terms; registered as any string.");
            return s;
        }
        ArrayNode values = s.putArray("anyOf");
        for (Term term : t.terms()) {
            ObjectNode v = values.addObject();
            v.put("const", term.code());
            term.description().or(term::label).ifPresent(d -> v.put("description", d));
            term.mapsTo().ifPresent(m -> v.put("source", m));
        }
        return s;
    }

    private ObjectNode type(TypeDef t) {
        ObjectNode s = header(names.id(typeParts.get(t.name())));
        t.description().ifPresent(d -> s.put("description", d));
        s.put("type", "object");
        ObjectNode properties = s.putObject("properties");
        List<String> required = new ArrayList<>();
        for (ElementDef e : t.elements()) {
            String path = "types." + t.name() + "." + e.name();
            properties.set(e.name(), property(e, path));
            if (e.cardinality().required()) {
                required.add(e.name());
            }
        }
        if (!required.isEmpty()) {
            required.forEach(s.putArray("required")::add);
        }
        if (!t.supertypes().isEmpty()) {
            ArrayNode all = s.putArray("allOf");
            for (String sup : t.supertypes()) {
                if (typeParts.containsKey(sup)) {
                    all.addObject().put("$ref", names.id(typeParts.get(sup)));
                } else {
                    ledger.drop("types." + t.name(), "Supertype '" + sup + "' is not in the model.");
                }
            }
        }
        return s;
    }

    private ObjectNode property(ElementDef e, String path) {
        ObjectNode value = value(e.type(), e.constraints(), path);
        e.description().ifPresent(d -> value.put("description", d));
        if (!e.cardinality().many()) {
            return value;
        }
        ObjectNode array = F.objectNode();
        e.description().ifPresent(d -> array.put("description", d));
        array.put("type", "array");
        value.remove("description");
        array.set("items", value);
        if (e.cardinality().min() > 0) {
            array.put("minItems", e.cardinality().min());
        }
        e.cardinality().max().ifPresent(m -> array.put("maxItems", m));
        if (e.constraints().uniqueItems()) {
            array.put("uniqueItems", true);
        }
        return array;
    }

    private ObjectNode value(DataType type, Constraints c, String path) {
        ObjectNode v = F.objectNode();
        if (type instanceof DataType.Primitive p) {
            SynapseTypes.write(p, v, ledger, path);
            constraints(c, v);
        } else if (type instanceof DataType.TaxonomyRef ref) {
            if (taxonomyParts.containsKey(ref.taxonomyName())) {
                v.put("$ref", names.id(taxonomyParts.get(ref.taxonomyName())));
            } else {
                v.put("type", "string");
                ledger.drop(path, "Taxonomy '" + ref.taxonomyName() + "' is not in the model; written as a string.");
            }
        } else if (type instanceof DataType.TypeRef ref) {
            v.put("type", "string");
            ledger.approximate(path, "Synapse annotation values are scalars or lists of scalars; the reference to '"
                    + ref.typeName() + "' is written as a string (for example the referenced entity's id).");
        } else if (type instanceof DataType.Union u) {
            ArrayNode any = v.putArray("anyOf");
            for (DataType m : u.members()) {
                any.add(value(m, Constraints.NONE, path));
            }
        } else if (type instanceof DataType.MapOf) {
            v.put("type", "string");
            ledger.approximate(path, "Synapse annotation values cannot be maps; written as a string (JSON text).");
        }
        return v;
    }

    private static void constraints(Constraints c, ObjectNode v) {
        c.pattern().ifPresent(x -> v.put("pattern", x));
        c.minLength().ifPresent(x -> v.put("minLength", x));
        c.maxLength().ifPresent(x -> v.put("maxLength", x));
        c.minimum().ifPresent(x -> v.put("minimum", x));
        c.maximum().ifPresent(x -> v.put("maximum", x));
        c.exclusiveMinimum().ifPresent(x -> v.put("exclusiveMinimum", x));
        c.exclusiveMaximum().ifPresent(x -> v.put("exclusiveMaximum", x));
        c.multipleOf().ifPresent(x -> v.put("multipleOf", x));
        c.constValue().ifPresent(x -> v.set("const", x));
    }

    private static ObjectNode header(String id) {
        ObjectNode s = F.objectNode();
        s.put("$schema", DRAFT_07);
        s.put("$id", id);
        return s;
    }

    /** Types with every supertype first (cycles, which no format produces, keep model order). */
    private List<TypeDef> registrationOrder() {
        List<TypeDef> out = new ArrayList<>();
        Set<String> placed = new LinkedHashSet<>();
        Set<String> visiting = new LinkedHashSet<>();
        for (TypeDef t : model.types()) {
            place(t, out, placed, visiting);
        }
        return out;
    }

    private void place(TypeDef t, List<TypeDef> out, Set<String> placed, Set<String> visiting) {
        if (placed.contains(t.name()) || !visiting.add(t.name())) {
            return;
        }
        for (String sup : t.supertypes()) {
            model.type(sup).ifPresent(s -> place(s, out, placed, visiting));
        }
        placed.add(t.name());
        out.add(t);
    }
}
