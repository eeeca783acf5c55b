package io.modelgraph.codec.shex;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The canonical model to ShExC (docs/formats/shex.md#encode). A type that came from ShEx keeps its label, predicates,
 * datatypes and everything carried in its {@code shex.*} annotations; any other type becomes
 * {@code cm:<PascalCase>Shape}, mapped elements use their {@code mapsTo} IRI as the predicate (prefixed when a
 * known namespace covers it), unmapped ones {@code cm:<camelCase>}. Cardinality is written as nothing, {@code ?},
 * {@code +}, {@code *} or a range; taxonomies become inline value sets. What ShEx cannot say goes to the ledger.
 */
final class ShexEncoding {
    /** The service's own namespace for names it has to invent (see the README). */
    static final String CM = "https://w3id.org/modelgraph/cm#";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final Map<String, String> prefixes = new TreeMap<>();
    private final Map<String, String> labels = new HashMap<>();
    private final Set<String> nested = new HashSet<>();
    private final Set<String> usedTaxonomies = new HashSet<>();
    private boolean usesCm;
    private boolean usesXsd;

    /** False on the second attempt, after the carried {@code shex.*} facts did not make a readable schema. */
    private final boolean trustCarried;

    ShexEncoding(SchemaModel model, LossinessLedger ledger, boolean trustCarried) {
        this.model = model;
        this.ledger = ledger;
        this.trustCarried = trustCarried;
    }

    String encode() {
        prefixes.putAll(model.namespaces());
        recoverPrefixes();
        Set<String> taken = new HashSet<>();
        for (TypeDef t : model.types()) {
            if (t.annotations().containsKey(ShexKeys.NESTED)) {
                nested.add(t.name());
            }
            String id = t.annotations().get(ShexKeys.ID);
            if (id != null && renamed(t)) {
                // renamed after it was read (a mapping plan, PUT node): the old label would name the old type
                String wanted = namespace(id) + shapeName(t.name());
                String written = wanted;
                for (int i = 2; taken.contains(written); i++) {
                    written = wanted.substring(0, wanted.length() - ShexNames.SHAPE.length()) + i + ShexNames.SHAPE;
                }
                ledger.approximate("/types/" + t.name(), "the type was renamed from '" + ShexNames.typeName(id)
                        + "'; its shape is written as <" + written + "> instead of <" + id + ">");
                id = written;
            }
            if (!trustCarried || id == null || !taken.add(id)) {
                // 'Book record' and 'BookRecord' would both be cm:BookRecordShape: number the later ones
                String wanted = CM + shapeName(t.name());
                id = wanted;
                for (int i = 2; !taken.add(id); i++) {
                    id = wanted.substring(0, wanted.length() - ShexNames.SHAPE.length()) + i + ShexNames.SHAPE;
                }
                if (!ShexNames.typeName(id).equals(t.name())) {
                    ledger.approximate("/types/" + t.name(), "a shape label is an IRI: type '" + t.name()
                            + "' is written as <" + id + ">, which reads back as type '" + ShexNames.typeName(id)
                            + "'");
                }
            }
            labels.put(t.name(), id);
            t.mapsTo().ifPresent(m -> ledger.drop("/types/" + t.name(), "a shape states no class IRI: type '"
                    + t.name() + "' mapping to <" + m + "> is not written"));
        }
        ObjectNode schema = F.objectNode();
        schema.put("type", "Schema");
        carried(model.annotations().get(ShexKeys.IMPORTS), "/").ifPresent(v -> schema.set("imports", v));
        carried(model.annotations().get(ShexKeys.START_ACTS), "/").ifPresent(v -> schema.set("startActs", v));
        if (model.rootType().isPresent() && labels.containsKey(model.rootType().get())) {
            schema.put("start", labels.get(model.rootType().get()));
        } else {
            carried(model.annotations().get(ShexKeys.START), "/").ifPresent(v -> schema.set("start", v));
        }
        ArrayNode shapes = F.arrayNode();
        for (TypeDef t : model.types()) {
            if (nested.contains(t.name())) {
                continue;
            }
            ObjectNode decl = F.objectNode().put("type", "ShapeDecl").put("id", labels.get(t.name()));
            if (t.isAbstract()) {
                decl.put("abstract", true);
            }
            String path = "/types/" + t.name();
            Optional<JsonNode> whole = stale(t, path) ? Optional.empty()
                    : carried(t.annotations().get(ShexKeys.SHAPE_EXPR), path);
            decl.set("shapeExpr", whole.isPresent() ? whole.get() : shape(t, path));
            shapes.add(decl);
        }
        if (!shapes.isEmpty()) {
            schema.set("shapes", shapes);
        }
        for (TaxonomyDef x : model.taxonomies()) {
            if (!usedTaxonomies.contains(x.name())) {
                ledger.drop("/taxonomies/" + x.name(), "taxonomy '" + x.name() + "' is used by no element; ShEx has"
                        + " value sets only inline, so it is not written");
            }
        }
        boolean empty = !schema.has("shapes") && !schema.has("start") && !schema.has("imports")
                && !schema.has("startActs") && prefixes.isEmpty();
        // a model with nothing to say still gets a document that reads back (text of only comments would not)
        boolean cmLabels = labels.entrySet().stream().anyMatch(l -> !nested.contains(l.getKey())
                && l.getValue().startsWith(CM));
        if (empty || usesCm || cmLabels) {
            prefixes.putIfAbsent("cm", CM);
        }
        if (usesXsd) {
            prefixes.putIfAbsent("xsd", ShexcParser.XSD);
        }
        return ShexcWriter.write(schema, prefixes, model.annotations().getOrDefault(ShexKeys.BASE, ""));
    }

    /** Prefixes a model from ShEx wrote on its elements, for when the model's own namespaces were not stored. */
    private void recoverPrefixes() {
        for (TypeDef t : model.types()) {
            for (ElementDef e : t.elements()) {
                String written = e.annotations().get(ShexKeys.PREDICATE);
                if (written != null && e.mapsTo().isPresent()) {
                    int colon = written.indexOf(':');
                    String local = written.substring(colon + 1);
                    String iri = e.mapsTo().get();
                    if (colon >= 0 && iri.endsWith(local)) {
                        prefixes.putIfAbsent(written.substring(0, colon), iri.substring(0,
                                iri.length() - local.length()));
                    }
                }
            }
        }
    }

    /**
     * Whether a type read from ShEx was renamed since: the decoder names it after its label ({@code ex:PersonShape}
     * is {@code Person}, numbered when taken), so any other name is the user's (docs/fidelity.md).
     */
    private static boolean renamed(TypeDef t) {
        String id = t.annotations().get(ShexKeys.ID);
        return id != null && !t.name().matches(java.util.regex.Pattern.quote(ShexNames.typeName(id)) + "\\d*");
    }

    /** Whether an element read from ShEx (named after its predicate's local part) was renamed since. */
    private static boolean renamed(ElementDef e) {
        return e.annotations().containsKey(ShexKeys.PREDICATE) && e.mapsTo().isPresent()
                && !e.name().matches(java.util.regex.Pattern.quote(ShexNames.local(e.mapsTo().get())) + "\\d*");
    }

    /**
     * Whether the ShExJ carried for a type (its whole declaration or triple expression) no longer describes it:
     * it names the old shape and predicates once the type or one of its elements is renamed.
     */
    private boolean stale(TypeDef t, String path) {
        boolean stale = renamed(t) || t.elements().stream().anyMatch(ShexEncoding::renamed);
        if (stale && trustCarried && (t.annotations().containsKey(ShexKeys.SHAPE_EXPR)
                || t.annotations().containsKey(ShexKeys.EXPRESSION))) {
            ledger.approximate(path, "the ShEx expression carried from the source names the type's old shape or"
                    + " predicates; the shape is written from the model's elements");
        }
        return stale;
    }

    /** An IRI up to and including its last '#' or '/'. */
    private static String namespace(String iri) {
        int cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'));
        return cut >= 0 ? iri.substring(0, cut + 1) : iri;
    }

    private static String shapeName(String typeName) {
        String p = ShexNames.pascal(typeName);
        return p.endsWith(ShexNames.SHAPE) ? p : p + ShexNames.SHAPE;
    }

    private Optional<JsonNode> carried(String json, String path) {
        if (json == null || !trustCarried) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            ledger.drop(path, "a shex.* annotation is not valid ShExJ JSON and is left out");
            return Optional.empty();
        }
    }

    private ObjectNode shape(TypeDef t, String path) {
        ObjectNode shape = F.objectNode().put("type", "Shape");
        if ("true".equals(t.annotations().get(ShexKeys.CLOSED))) {
            shape.put("closed", true);
        }
        carried(t.annotations().get(ShexKeys.EXTRA), path).ifPresent(v -> shape.set("extra", v));
        if (!t.supertypes().isEmpty()) {
            ArrayNode ext = F.arrayNode();
            for (String s : t.supertypes()) {
                if (labels.containsKey(s)) {
                    ext.add(labels.get(s));
                    readBackAs(s).ifPresent(back -> ledger.approximate(path, "type '" + t.name() + "' extends '" + s
                            + "', whose shape <" + labels.get(s) + "> reads back as type '" + back + "'"));
                } else {
                    ledger.drop(path, "supertype '" + s + "' is not a type of the model; EXTENDS would not resolve");
                }
            }
            if (!ext.isEmpty()) {
                shape.set("extends", ext);
            }
        }
        Optional<JsonNode> expression = stale(t, path) ? Optional.empty()
                : carried(t.annotations().get(ShexKeys.EXPRESSION), path);
        if (expression.isPresent()) {
            shape.set("expression", expression.get());
            // the elements are a projection of the carried expression; count their values as used
            t.elements().forEach(e -> markTaxonomies(e.type()));
        } else if (t.elements().size() == 1) {
            shape.set("expression", tripleConstraint(t.elements().get(0), path));
        } else if (!t.elements().isEmpty()) {
            ArrayNode list = F.arrayNode();
            for (ElementDef e : t.elements()) {
                list.add(tripleConstraint(e, path));
            }
            shape.set("expression", F.objectNode().put("type", "EachOf").set("expressions", list));
        }
        carried(t.annotations().get(ShexKeys.SEM_ACTS), path).ifPresent(v -> shape.set("semActs", v));
        carried(t.annotations().get(ShexKeys.ANNOTATIONS), path).ifPresent(v -> shape.set("annotations", v));
        if (!t.annotations().containsKey(ShexKeys.ID)) {
            t.description().ifPresent(d -> ledger.drop(path, "the description of type '" + t.name() + "' has no"
                    + " place in ShExC"));
        }
        return shape;
    }

    private void markTaxonomies(DataType type) {
        if (type instanceof DataType.TaxonomyRef ref) {
            usedTaxonomies.add(ref.taxonomyName());
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(this::markTaxonomies);
        }
    }

    /** The name a reader gives the type's shape label back, where it is not the type's own name. */
    private Optional<String> readBackAs(String typeName) {
        String label = labels.get(typeName);
        return label == null || ShexNames.typeName(label).equals(typeName) ? Optional.empty()
                : Optional.of(ShexNames.typeName(label));
    }

    private void referencedTypes(DataType type, List<String> into) {
        if (type instanceof DataType.TypeRef ref) {
            into.add(ref.typeName());
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> referencedTypes(m, into));
        } else if (type instanceof DataType.MapOf m) {
            referencedTypes(m.values(), into);
        }
    }

    private ObjectNode tripleConstraint(ElementDef e, String typePath) {
        String path = typePath + "/" + e.name();
        List<String> refs = new ArrayList<>();
        referencedTypes(e.type(), refs);
        for (String ref : refs) {
            readBackAs(ref).ifPresent(back -> ledger.approximate(path, "element '" + e.name() + "' refers to type '"
                    + ref + "', whose shape <" + labels.get(ref) + "> reads back as type '" + back + "'"));
        }
        ObjectNode tc = F.objectNode().put("type", "TripleConstraint");
        String tripleId = e.annotations().get(ShexKeys.TRIPLE_EXPR_ID);
        if (tripleId != null) {
            tc.put("id", tripleId);
        }
        if ("true".equals(e.annotations().get(ShexKeys.INVERSE))) {
            tc.put("inverse", true);
        }
        if (e.mapsTo().isPresent() && renamed(e)) {
            String predicate = namespace(e.mapsTo().get()) + ShexNames.camel(e.name());
            ledger.approximate(path, "the element was renamed from '" + ShexNames.local(e.mapsTo().get())
                    + "'; its predicate is written as <" + predicate + "> instead of <" + e.mapsTo().get() + ">");
            tc.put("predicate", predicate);
        } else if (e.mapsTo().isPresent()) {
            tc.put("predicate", e.mapsTo().get());
            String local = ShexNames.local(e.mapsTo().get());
            if (!e.annotations().containsKey(ShexKeys.PREDICATE) && !local.equals(e.name())) {
                // a reader names an element after its predicate (LinkML's has_exact_synonym is oio:hasExactSynonym)
                ledger.approximate(path, "element '" + e.name() + "' is written with its mapping <" + e.mapsTo().get()
                        + "> as predicate, which reads back as element '" + local + "'");
            }
        } else {
            usesCm = true;
            String predicate = CM + ShexNames.camel(e.name());
            tc.put("predicate", predicate);
            if (!ShexNames.local(predicate).equals(e.name())) {
                ledger.approximate(path, "a predicate is an IRI: element '" + e.name() + "' is written as <"
                        + predicate + ">, which reads back as element '" + ShexNames.local(predicate) + "'");
            }
        }
        Optional<JsonNode> carriedValue = carried(e.annotations().get(ShexKeys.VALUE_EXPR), path);
        JsonNode value = carriedValue.isPresent() ? carriedValue.get() : valueExpr(e, path);
        if (value != null) {
            tc.set("valueExpr", value);
        }
        if (!(e.cardinality().min() == 1 && e.cardinality().max().isPresent()
                && e.cardinality().max().getAsInt() == 1)) {
            tc.put("min", e.cardinality().min());
            tc.put("max", e.cardinality().max().isPresent() ? e.cardinality().max().getAsInt() : -1);
        }
        carried(e.annotations().get(ShexKeys.SEM_ACTS), path).ifPresent(v -> tc.set("semActs", v));
        carried(e.annotations().get(ShexKeys.ANNOTATIONS), path).ifPresent(v -> tc.set("annotations", v));
        if (e.nullable()) {
            ledger.relax(path, "null has no counterpart in RDF; a nullable element is written as its type");
        }
        if (e.defaultValue().isPresent() || !e.examples().isEmpty()) {
            ledger.drop(path, "defaults and examples have no place in ShExC");
        }
        if (e.description().isPresent() && !e.annotations().containsKey(ShexKeys.PREDICATE)) {
            ledger.drop(path, "the description of element '" + e.name() + "' has no place in ShExC");
        }
        return tc;
    }

    /** The element's value expression, or null for any value ({@code .}). */
    private JsonNode valueExpr(ElementDef e, String path) {
        JsonNode base = dataType(e.type(), e, path);
        Constraints c = e.constraints();
        if (c.isEmpty()) {
            return base;
        }
        ObjectNode nc;
        if (base == null) {
            nc = F.objectNode().put("type", "NodeConstraint");
        } else if (base.isObject() && base.path("type").asText().equals("NodeConstraint")) {
            nc = (ObjectNode) base;
        } else {
            ledger.relax(path, "constraints on a reference or a union have no place in ShExC and are left out");
            return base;
        }
        facets(nc, c, e, path);
        return nc.size() == 1 ? null : nc;
    }

    private void facets(ObjectNode nc, Constraints c, ElementDef e, String path) {
        c.pattern().ifPresent(p -> {
            Optional<ShexcRegex.Rewritten> written = ShexcRegex.rewrite(p);
            if (written.isEmpty()) {
                ledger.relax(path, "pattern " + p + " uses an escape ShExC's REGEXP cannot write; left out");
                return;
            }
            if (written.get().changed()) {
                ledger.approximate(path, "pattern " + p + " is written as " + written.get().pattern()
                        + ": ShExC allows no class escapes such as \\d, \\w, \\s");
            }
            nc.put("pattern", written.get().pattern());
            Optional.ofNullable(e.annotations().get(ShexKeys.FLAGS)).ifPresent(f -> nc.put("flags", f));
        });
        if ("true".equals(e.annotations().get(ShexKeys.LENGTH)) && c.minLength().isPresent()
                && c.minLength().equals(c.maxLength())) {
            nc.put("length", c.minLength().get());
        } else {
            c.minLength().ifPresent(v -> nc.put("minlength", v));
            c.maxLength().ifPresent(v -> nc.put("maxlength", v));
        }
        c.minimum().ifPresent(v -> nc.put("mininclusive", v));
        c.maximum().ifPresent(v -> nc.put("maxinclusive", v));
        c.exclusiveMinimum().ifPresent(v -> nc.put("minexclusive", v));
        c.exclusiveMaximum().ifPresent(v -> nc.put("maxexclusive", v));
        c.precision().ifPresent(v -> nc.put("totaldigits", v));
        c.scale().ifPresent(v -> nc.put("fractiondigits", v));
        if (c.format().isPresent() || c.multipleOf().isPresent() || c.constValue().isPresent() || c.uniqueItems()) {
            ledger.relax(path, "format, multipleOf, const and uniqueItems have no ShEx facet and are left out");
        }
    }

    private JsonNode dataType(DataType type, ElementDef e, String path) {
        if (type instanceof DataType.Primitive p) {
            return primitive(p);
        }
        if (type instanceof DataType.TypeRef ref) {
            Optional<TypeDef> target = model.type(ref.typeName());
            if (nested.contains(ref.typeName()) && target.isPresent()) {
                return shape(target.get(), "/types/" + ref.typeName());
            }
            if (!labels.containsKey(ref.typeName())) {
                ledger.drop(path, "type '" + ref.typeName() + "' is not in the model; the element takes any value");
                return null;
            }
            return F.textNode(labels.get(ref.typeName()));
        }
        if (type instanceof DataType.TaxonomyRef ref) {
            usedTaxonomies.add(ref.taxonomyName());
            Optional<TaxonomyDef> x = model.taxonomy(ref.taxonomyName());
            if (x.isPresent() && !x.get().annotations().containsKey(ShexKeys.VALUES)) {
                // ShEx has no named value sets: the decoder names the inline set after its shape and predicate
                ledger.approximate(path, "taxonomy '" + ref.taxonomyName() + "' is written as an inline value set"
                        + " of element '" + e.name() + "' and reads back as a taxonomy named after the shape and"
                        + " the element");
            }
            ObjectNode nc = F.objectNode().put("type", "NodeConstraint");
            nc.set("values", x.map(this::values).orElseGet(F::arrayNode));
            return nc;
        }
        if (type instanceof DataType.Union u) {
            ArrayNode members = F.arrayNode();
            for (DataType m : u.members()) {
                JsonNode j = dataType(m, e, path);
                members.add(j == null ? F.objectNode().put("type", "Shape") : j);
            }
            return F.objectNode().put("type", "ShapeOr").set("shapeExprs", members);
        }
        ledger.approximate(path, "a map has no counterpart in ShEx; element '" + e.name() + "' takes any value");
        return null;
    }

    private JsonNode primitive(DataType.Primitive p) {
        Optional<String> nativeName = p.nativeName();
        if (nativeName.isPresent()) {
            String n = nativeName.get();
            switch (n) {
                case "IRI", "BNODE", "NONLITERAL", "LITERAL" -> {
                    return F.objectNode().put("type", "NodeConstraint").put("nodeKind",
                            n.toLowerCase(java.util.Locale.ROOT));
                }
                default -> {
                    Optional<String> iri = expand(n);
                    if (iri.isPresent()) {
                        return F.objectNode().put("type", "NodeConstraint").put("datatype", iri.get());
                    }
                }
            }
        }
        if (p.kind() == PrimitiveKind.ANY) {
            return null;
        }
        usesXsd = true;
        return F.objectNode().put("type", "NodeConstraint").put("datatype",
                ShexcParser.XSD + ShexNames.xsdFor(p.kind()));
    }

    /** A native name as an IRI when it is {@code <iri>} or a prefixed name of a known prefix (xsd: always). */
    private Optional<String> expand(String name) {
        if (name.startsWith("<") && name.endsWith(">")) {
            return Optional.of(name.substring(1, name.length() - 1));
        }
        int colon = name.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        String prefix = name.substring(0, colon);
        String ns = prefixes.get(prefix);
        if (ns == null && prefix.equals("xsd")) {
            usesXsd = true;
            ns = ShexcParser.XSD;
        }
        return ns == null ? Optional.empty() : Optional.of(ns + name.substring(colon + 1));
    }

    private static boolean sameTerms(JsonNode values, java.util.List<Term> terms) {
        if (!values.isArray() || values.size() != terms.size()) {
            return false;
        }
        for (int i = 0; i < terms.size(); i++) {
            JsonNode v = values.get(i);
            Term t = terms.get(i);
            if (v.isTextual() ? !t.mapsTo().equals(Optional.of(v.asText()))
                    : v.has("value") && !t.code().equals(v.get("value").asText())) {
                return false;
            }
        }
        return true;
    }

    /** The carried value set when its terms are unchanged; otherwise IRIs from mapsTo and literal codes. */
    private ArrayNode values(TaxonomyDef x) {
        Optional<JsonNode> carried = carried(x.annotations().get(ShexKeys.VALUES), "/taxonomies/" + x.name());
        if (carried.isPresent() && sameTerms(carried.get(), x.terms())) {
            return (ArrayNode) carried.get();
        }
        ArrayNode values = F.arrayNode();
        for (Term t : x.terms()) {
            if (t.mapsTo().isPresent()) {
                values.add(t.mapsTo().get());
            } else {
                values.add(F.objectNode().put("value", t.code()));
            }
            if (t.label().isPresent() || t.description().isPresent()) {
                ledger.drop("/taxonomies/" + x.name() + "/" + t.code(), "a term's label and description have no"
                        + " place in a ShEx value set");
            }
        }
        return values;
    }
}
