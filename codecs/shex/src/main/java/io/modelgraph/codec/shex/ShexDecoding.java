package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.ledger.LossinessLedger;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * ShExJ to the canonical model (docs/formats/shex.md#decode). Shapes become types named by their label's local part
 * without a {@code Shape} suffix; triple constraints become elements with the predicate IRI in {@code mapsTo} (except
 * predicates in this service's own {@code cm:} namespace, which its encoder writes for an element with no mapping,
 * so they read back as no mapping); inline value sets become taxonomies; {@code EXTENDS} becomes supertypes; node constraints become element types and
 * constraints; nested shapes become types of their own. What the model has no field for is carried in
 * {@code shex.*} annotations (structured parts as ShExJ JSON text) so the ShEx encoder can restore it, and where the
 * model's own view of it is only an approximation the ledger says so with a path.
 */
final class ShexDecoding {
    static final String FORMAT = ShexCodec.FORMAT;

    private final ShexcReader.Parsed parsed;
    private final LossinessLedger ledger;
    private final ShexcWriter names;
    private final Map<String, String> typeNames = new HashMap<>();
    private final Set<String> usedTypeNames = new HashSet<>();
    private final List<TypeDef> types = new ArrayList<>();
    private final List<TaxonomyDef> taxonomies = new ArrayList<>();
    private final Set<String> usedTaxonomyNames = new HashSet<>();

    ShexDecoding(ShexcReader.Parsed parsed, LossinessLedger ledger) {
        this.parsed = parsed;
        this.ledger = ledger;
        this.names = ShexcWriter.compactor(parsed.prefixes());
    }

    SchemaModel decode(String modelName) {
        JsonNode schema = parsed.shexj();
        for (JsonNode decl : schema.path("shapes")) {
            String id = decl.get("id").asText();
            typeNames.put(id, uniqueTypeName(ShexNames.typeName(id)));
        }
        for (JsonNode decl : schema.path("shapes")) {
            declaration(decl);
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        if (!parsed.base().isEmpty()) {
            annotations.put(ShexKeys.BASE, parsed.base());
        }
        if (schema.has("imports")) {
            annotations.put(ShexKeys.IMPORTS, schema.get("imports").toString());
            ledger.drop("/imports", "IMPORT is kept in annotation shex.imports; the imported schemas are not read");
        }
        if (schema.has("startActs")) {
            annotations.put(ShexKeys.START_ACTS, schema.get("startActs").toString());
            ledger.drop("/startActs", "start semantic actions are kept in annotation shex.startActs; the model has"
                    + " no place to run them");
        }
        Optional<String> root = Optional.empty();
        if (schema.has("start")) {
            JsonNode start = schema.get("start");
            if (start.isTextual() && typeNames.containsKey(start.asText())) {
                root = Optional.of(typeNames.get(start.asText()));
            } else {
                annotations.put(ShexKeys.START, start.toString());
                ledger.approximate("/start", "an inline start shape expression is kept in annotation shex.start;"
                        + " the model's rootType names types only");
            }
        }
        return new SchemaModel(modelName, Optional.empty(), types, taxonomies, parsed.prefixes(),
                Provenance.of(FORMAT), annotations, root, Optional.empty(), List.of());
    }

    private void declaration(JsonNode decl) {
        String id = decl.get("id").asText();
        String name = typeNames.get(id);
        String path = "/shapes/" + names.label(id);
        JsonNode expr = decl.get("shapeExpr");
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put(ShexKeys.ID, id);
        ann.put(ShexKeys.LABEL, names.label(id));
        boolean isAbstract = decl.path("abstract").asBoolean(false);
        String kind = expr.isObject() ? expr.path("type").asText() : "reference";
        if (kind.equals("Shape")) {
            types.add(shapeType(name, expr, ann, isAbstract, path, id));
            return;
        }
        // Any other declaration (AND, OR, NOT, a node constraint, EXTERNAL, a bare reference) is carried whole;
        // the type lists the triple constraints of its first plain shape so other formats still see them.
        ann.put(ShexKeys.SHAPE_EXPR, expr.toString());
        JsonNode firstShape = null;
        if (kind.equals("ShapeAnd")) {
            for (JsonNode m : expr.get("shapeExprs")) {
                if (m.isObject() && m.path("type").asText().equals("Shape")) {
                    firstShape = m;
                    break;
                }
            }
        }
        if (firstShape != null) {
            TypeDef t = shapeType(name, firstShape, new LinkedHashMap<>(ann), isAbstract, path, id);
            types.add(t);
            ledger.approximate(path, "the shape is a conjunction (AND); the model lists the triple constraints of"
                    + " its first shape and carries the whole expression as ShExJ in annotation shex.shapeExpr");
        } else {
            types.add(TypeDef.builder(name).isAbstract(isAbstract).provenance(provenance(id)).annotations(ann).build());
            ledger.approximate(path, "a " + describe(kind) + " declaration has no elements in the model; it is"
                    + " carried as ShExJ in annotation shex.shapeExpr");
        }
    }

    private static String describe(String kind) {
        return switch (kind) {
            case "ShapeOr" -> "disjunction (OR)";
            case "ShapeNot" -> "negation (NOT)";
            case "NodeConstraint" -> "node constraint";
            case "ShapeExternal" -> "EXTERNAL";
            case "reference" -> "shape reference";
            default -> kind;
        };
    }

    private Provenance provenance(String id) {
        return new Provenance(FORMAT, Optional.empty(), Optional.of(names.label(id)));
    }

    private TypeDef shapeType(String name, JsonNode shape, Map<String, String> ann, boolean isAbstract, String path,
            String id) {
        List<String> supertypes = new ArrayList<>();
        for (JsonNode x : shape.path("extends")) {
            supertypes.add(typeNames.getOrDefault(x.asText(), ShexNames.typeName(x.asText())));
        }
        if (shape.path("closed").asBoolean(false)) {
            ann.put(ShexKeys.CLOSED, "true");
        }
        carry(shape, "extra", ann);
        carry(shape, "semActs", ann);
        carry(shape, "annotations", ann);
        List<ElementDef> elements = new ArrayList<>();
        JsonNode expression = shape.get("expression");
        if (expression != null) {
            List<JsonNode> constraints = new ArrayList<>();
            boolean flat = flatten(expression, constraints);
            if (!flat) {
                ann.put(ShexKeys.EXPRESSION, expression.toString());
                ledger.approximate(path, "the triple expression uses " + complexity(expression) + "; its triple"
                        + " constraints are listed as elements and the expression is carried as ShExJ in"
                        + " annotation shex.expression");
            }
            Set<String> used = new HashSet<>();
            for (JsonNode tc : constraints) {
                elements.add(element(tc, name, used, path, flat));
            }
        }
        return TypeDef.builder(name).supertypes(supertypes).elements(elements).isAbstract(isAbstract)
                .provenance(id == null ? Provenance.of(FORMAT) : provenance(id)).annotations(ann).build();
    }

    private static void carry(JsonNode from, String member, Map<String, String> ann) {
        if (from.has(member)) {
            ann.put("shex." + member, from.get(member).toString());
        }
    }

    /** Collects the triple constraints; true when the expression is a plain list the elements alone restore. */
    private static boolean flatten(JsonNode expr, List<JsonNode> out) {
        if (expr.isTextual()) {
            return false;
        }
        String type = expr.get("type").asText();
        if (type.equals("TripleConstraint")) {
            out.add(expr);
            return true;
        }
        boolean plain = type.equals("EachOf") && !expr.has("id") && !expr.has("min") && !expr.has("max")
                && !expr.has("semActs") && !expr.has("annotations");
        for (JsonNode m : expr.get("expressions")) {
            if (m.isTextual()) {
                plain = false;
            } else if (m.get("type").asText().equals("TripleConstraint")) {
                out.add(m);
            } else {
                flatten(m, out);
                plain = false;
            }
        }
        return plain;
    }

    private static String complexity(JsonNode expr) {
        if (expr.isTextual()) {
            return "an inclusion (&)";
        }
        String type = expr.get("type").asText();
        if (type.equals("OneOf")) {
            return "a choice (|)";
        }
        if (expr.has("id") || expr.has("min") || expr.has("semActs") || expr.has("annotations")) {
            return "a labelled, repeated or annotated group";
        }
        for (JsonNode m : expr.get("expressions")) {
            if (m.isTextual()) {
                return "an inclusion (&)";
            }
            if (!m.get("type").asText().equals("TripleConstraint")) {
                return complexity(m).equals("a labelled, repeated or annotated group") ? "a nested group"
                        : complexity(m);
            }
        }
        return "a nested group";
    }

    private ElementDef element(JsonNode tc, String typeName, Set<String> used, String typePath, boolean flat) {
        String predicate = tc.get("predicate").asText();
        String base = ShexNames.local(predicate);
        String name = base;
        for (int i = 2; !used.add(name); i++) {
            name = base + i;
        }
        String path = typePath + "/" + names.iri(predicate);
        Map<String, String> ann = new LinkedHashMap<>();
        String written = names.iri(predicate);
        if (!written.startsWith("<")) {
            ann.put(ShexKeys.PREDICATE, written);
        }
        if (tc.path("inverse").asBoolean(false)) {
            ann.put(ShexKeys.INVERSE, "true");
        }
        if (tc.has("id")) {
            ann.put(ShexKeys.TRIPLE_EXPR_ID, tc.get("id").asText());
        }
        carry(tc, "semActs", ann);
        carry(tc, "annotations", ann);
        int min = tc.path("min").asInt(1);
        int max = tc.path("max").asInt(1);
        Cardinality card = new Cardinality(min, max < 0 ? OptionalInt.empty() : OptionalInt.of(max));
        if (!flat && min > 0) {
            // inside a choice or an optional group the constraint may be absent; the carried expression is exact
            card = new Cardinality(0, card.max());
        }
        ValueType value = valueType(tc.get("valueExpr"), typeName + ShexNames.pascal(name), path, ann);
        ElementDef e = ElementDef.of(name, value.type(), card).toBuilder().constraints(value.constraints())
                .mapsTo(predicate.startsWith(ShexEncoding.CM) ? null : predicate).build();
        return e.toBuilder().annotations(ann).build();
    }

    private record ValueType(DataType type, Constraints constraints) {
        static ValueType of(DataType t) {
            return new ValueType(t, Constraints.NONE);
        }
    }

    private ValueType valueType(JsonNode v, String nestedName, String path, Map<String, String> ann) {
        if (v == null) {
            return ValueType.of(DataType.of(PrimitiveKind.ANY));
        }
        if (v.isTextual()) {
            String target = typeNames.get(v.asText());
            if (target != null) {
                return ValueType.of(new DataType.TypeRef(target));
            }
            return carried(v, path, ann, "a reference to a shape outside this schema");
        }
        switch (v.get("type").asText()) {
            case "NodeConstraint" -> {
                return nodeConstraint(v, nestedName, path, ann);
            }
            case "Shape" -> {
                Map<String, String> nestedAnn = new LinkedHashMap<>();
                nestedAnn.put(ShexKeys.NESTED, "true");
                String name = uniqueTypeName(nestedName);
                types.add(shapeType(name, v, nestedAnn, false, path, null));
                return ValueType.of(new DataType.TypeRef(name));
            }
            case "ShapeOr" -> {
                List<DataType> members = new ArrayList<>();
                for (JsonNode m : v.get("shapeExprs")) {
                    Optional<DataType> simple = simpleMember(m);
                    if (simple.isEmpty()) {
                        return carried(v, path, ann, "a disjunction (OR) of compound expressions");
                    }
                    members.add(simple.get());
                }
                return ValueType.of(new DataType.Union(members));
            }
            case "ShapeAnd" -> {
                return carried(v, path, ann, "a conjunction (AND)");
            }
            default -> {
                return carried(v, path, ann, "a negation (NOT)");
            }
        }
    }

    /** An OR member the model's union states exactly: a shape reference, a datatype or a node kind alone. */
    private Optional<DataType> simpleMember(JsonNode m) {
        if (m.isTextual()) {
            return Optional.ofNullable(typeNames.get(m.asText())).map(DataType.TypeRef::new);
        }
        if (m.path("type").asText().equals("NodeConstraint") && m.size() == 2) {
            if (m.has("datatype")) {
                return Optional.of(datatype(m.get("datatype").asText()));
            }
            if (m.has("nodeKind")) {
                return Optional.of(nodeKind(m.get("nodeKind").asText()));
            }
        }
        return Optional.empty();
    }

    private ValueType carried(JsonNode v, String path, Map<String, String> ann, String what) {
        ann.put(ShexKeys.VALUE_EXPR, v.toString());
        ledger.approximate(path, "the value expression is " + what + "; the model types the element as any value"
                + " and carries the expression as ShExJ in annotation shex.valueExpr");
        return ValueType.of(DataType.of(PrimitiveKind.ANY));
    }

    private ValueType nodeConstraint(JsonNode nc, String nestedName, String path, Map<String, String> ann) {
        DataType type;
        if (nc.has("datatype")) {
            type = datatype(nc.get("datatype").asText());
        } else if (nc.has("nodeKind")) {
            type = nodeKind(nc.get("nodeKind").asText());
        } else if (nc.has("values")) {
            type = new DataType.TaxonomyRef(valueSet(nc.get("values"), nestedName, path));
        } else {
            type = DataType.of(PrimitiveKind.ANY);
        }
        Constraints c = Constraints.NONE;
        if (nc.has("pattern")) {
            c = c.toBuilder().pattern(nc.get("pattern").asText()).build();
            if (nc.has("flags")) {
                ann.put(ShexKeys.FLAGS, nc.get("flags").asText());
            }
        }
        if (nc.has("length")) {
            long len = nc.get("length").asLong();
            c = c.toBuilder().minLength(len).maxLength(len).build();
            ann.put(ShexKeys.LENGTH, "true");
        } else if (nc.has("minlength") || nc.has("maxlength")) {
            c = c.toBuilder().minLength(nc.has("minlength") ? nc.get("minlength").asLong() : null)
                    .maxLength(nc.has("maxlength") ? nc.get("maxlength").asLong() : null).build();
        }
        if (nc.has("mininclusive") || nc.has("maxinclusive")) {
            c = c.toBuilder().minimum(nc.has("mininclusive") ? nc.get("mininclusive").decimalValue() : null)
                    .maximum(nc.has("maxinclusive") ? nc.get("maxinclusive").decimalValue() : null).build();
        }
        if (nc.has("minexclusive") || nc.has("maxexclusive")) {
            c = c.toBuilder().exclusiveMinimum(nc.has("minexclusive") ? nc.get("minexclusive").decimalValue() : null)
                    .exclusiveMaximum(nc.has("maxexclusive") ? nc.get("maxexclusive").decimalValue() : null).build();
        }
        if (nc.has("totaldigits") || nc.has("fractiondigits")) {
            c = c.toBuilder().precision(nc.has("totaldigits") ? nc.get("totaldigits").asInt() : null)
                    .scale(nc.has("fractiondigits") ? nc.get("fractiondigits").asInt() : null).build();
        }
        return new ValueType(type, c);
    }

    private DataType datatype(String iri) {
        return new DataType.Primitive(ShexNames.kindOf(iri), Optional.of(names.iri(iri)));
    }

    private static DataType nodeKind(String kind) {
        PrimitiveKind k = switch (kind) {
            case "iri" -> PrimitiveKind.URI;
            case "literal" -> PrimitiveKind.STRING;
            default -> PrimitiveKind.ANY;
        };
        return new DataType.Primitive(k, Optional.of(kind.toUpperCase(java.util.Locale.ROOT)));
    }

    /** An inline value set as a taxonomy: IRIs keep their IRI in the term's mapsTo, literals their lexical form. */
    private String valueSet(JsonNode values, String wanted, String path) {
        String name = wanted;
        for (int i = 2; !usedTaxonomyNames.add(name); i++) {
            name = wanted + i;
        }
        List<Term> terms = new ArrayList<>();
        boolean exact = true;
        for (JsonNode v : values) {
            if (v.isTextual()) {
                terms.add(new Term(names.iri(v.asText()), Optional.empty(), Optional.empty(),
                        Optional.of(v.asText())));
            } else if (v.has("value")) {
                terms.add(Term.of(v.get("value").asText()));
                exact &= !v.has("language") && !v.has("type");
            } else {
                terms.add(Term.of(ShexcWriter.valueText(v, names)));
                exact = false;
            }
        }
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put(ShexKeys.VALUES, values.toString());
        if (!exact) {
            ledger.approximate(path, "the value set holds typed or language-tagged literals, stems or language"
                    + " ranges; the taxonomy keeps their text as term codes and annotation shex.values keeps them"
                    + " exactly");
        }
        taxonomies.add(new TaxonomyDef(name, Optional.empty(), terms, Optional.empty(), Provenance.of(FORMAT), ann));
        return name;
    }

    private String uniqueTypeName(String wanted) {
        String name = wanted;
        for (int i = 2; !usedTypeNames.add(name); i++) {
            name = wanted + i;
        }
        return name;
    }
}
