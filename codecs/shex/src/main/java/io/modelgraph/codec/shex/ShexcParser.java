package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A hand-written recursive-descent parser for ShExC (ShEx 2.1 compact syntax, plus the 2.2 {@code EXTENDS} and
 * {@code ABSTRACT}), written from the specification's EBNF. It is scannerless: each production reads characters
 * directly, which keeps it free of dependencies and fast. Its output is ShExJ, the specification's own abstract
 * syntax as JSON, so the corpus's {@code .json} twins can be compared with it directly.
 *
 * <p>One instance parses one document; {@link ShexcReader} is the reusable, thread-safe entry point.
 */
final class ShexcParser {
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final String in;
    private final int n;
    private int pos;
    private int depth;
    private String base = "";
    private final Map<String, String> prefixes = new LinkedHashMap<>();

    ShexcParser(String text) {
        this.in = text;
        this.n = text.length();
    }

    Map<String, String> prefixes() {
        return prefixes;
    }

    String base() {
        return base;
    }

    // ---------------------------------------------------------------- document

    ObjectNode parseDocument() throws SchemaSyntaxException {
        ObjectNode schema = F.objectNode();
        schema.put("@context", "http://www.w3.org/ns/shex.jsonld");
        schema.put("type", "Schema");
        ArrayNode imports = null;
        ArrayNode startActs = null;
        ArrayNode shapes = null;
        boolean statementSeen = false;
        skipWs();
        if (pos >= n) {
            // nothing but white space and comments: no schema to read (docs/formats/shex.md#errors: the message for an empty document)
            throw new SchemaSyntaxException("$", ShexcReader.EMPTY);
        }
        while (pos < n) {
            if (keyword("BASE")) {
                base = resolve(iriRef());
            } else if (keyword("PREFIX")) {
                skipWs();
                String prefix = pnameNs();
                skipWs();
                String iri = resolve(iriRef());
                prefixes.put(prefix, iri);
            } else if (keyword("IMPORT")) {
                skipWs();
                if (imports == null) {
                    imports = F.arrayNode();
                }
                imports.add(iri());
            } else if (peek() == '%') {
                if (statementSeen || startActs != null) {
                    throw error("semantic actions may only start the schema");
                }
                startActs = semActs();
                statementSeen = true;
            } else if (keyword("start")) {
                skipWs();
                expect('=');
                if (schema.has("start")) {
                    throw error("'start' is declared twice");
                }
                schema.set("start", shapeOr(true));
                statementSeen = true;
            } else {
                if (shapes == null) {
                    shapes = F.arrayNode();
                }
                if (shapes.size() >= ParserLimits.MAX_DEFINITIONS) {
                    throw error("more than " + ParserLimits.MAX_DEFINITIONS + " shape declarations");
                }
                shapes.add(shapeDecl());
                statementSeen = true;
            }
            skipWs();
        }
        if (imports != null) {
            schema.set("imports", imports);
        }
        if (startActs != null) {
            // the ShExJ member order puts startActs before start
            ObjectNode ordered = F.objectNode();
            ordered.put("@context", schema.get("@context").asText());
            ordered.put("type", "Schema");
            if (imports != null) {
                ordered.set("imports", imports);
            }
            ordered.set("startActs", startActs);
            if (schema.has("start")) {
                ordered.set("start", schema.get("start"));
            }
            schema = ordered;
        }
        if (shapes != null) {
            schema.set("shapes", shapes);
        }
        return schema;
    }

    private ObjectNode shapeDecl() throws SchemaSyntaxException {
        boolean isAbstract = keyword("ABSTRACT");
        skipWs();
        int at = pos;
        String label = shapeExprLabel();
        if (label == null) {
            pos = at;
            throw error("expected a shape label, a directive or 'start'");
        }
        ObjectNode decl = F.objectNode();
        decl.put("type", "ShapeDecl");
        decl.put("id", label);
        if (isAbstract) {
            decl.put("abstract", true);
        }
        skipWs();
        if (keyword("EXTERNAL")) {
            decl.set("shapeExpr", F.objectNode().put("type", "ShapeExternal"));
        } else {
            decl.set("shapeExpr", shapeOr(false));
        }
        return decl;
    }

    // ---------------------------------------------------------------- shape expressions

    private JsonNode shapeOr(boolean inline) throws SchemaSyntaxException {
        enter();
        JsonNode first = shapeAnd(inline);
        skipWs();
        if (!peekKeyword("OR")) {
            depth--;
            return first;
        }
        ArrayNode list = F.arrayNode();
        list.add(first);
        while (keyword("OR")) {
            skipWs();
            list.add(shapeAnd(inline));
            skipWs();
        }
        depth--;
        return F.objectNode().put("type", "ShapeOr").set("shapeExprs", list);
    }

    private JsonNode shapeAnd(boolean inline) throws SchemaSyntaxException {
        JsonNode first = shapeNot(inline);
        skipWs();
        if (!peekKeyword("AND")) {
            return unglue(first);
        }
        ArrayNode list = F.arrayNode();
        addAnd(list, first);
        while (keyword("AND")) {
            skipWs();
            addAnd(list, shapeNot(inline));
            skipWs();
        }
        return F.objectNode().put("type", "ShapeAnd").set("shapeExprs", list);
    }

    /** A node constraint glued to a shape ({@code IRI @<S>}) is already an AND; the spec flattens it into this one. */
    private static void addAnd(ArrayNode list, JsonNode e) {
        if (e.isObject() && e.has("_glued")) {
            for (JsonNode m : e.get("shapeExprs")) {
                list.add(m);
            }
        } else {
            list.add(e);
        }
    }

    private JsonNode shapeNot(boolean inline) throws SchemaSyntaxException {
        if (keyword("NOT")) {
            skipWs();
            JsonNode atom = unglue(shapeAtom(inline));
            return F.objectNode().put("type", "ShapeNot").set("shapeExpr", atom);
        }
        return shapeAtom(inline);
    }

    private static JsonNode unglue(JsonNode e) {
        if (e.isObject() && e.has("_glued")) {
            ((ObjectNode) e).remove("_glued");
        }
        return e;
    }

    private JsonNode shapeAtom(boolean inline) throws SchemaSyntaxException {
        skipWs();
        char c = peek();
        if (c == '(') {
            pos++;
            skipWs();
            JsonNode inner = shapeOr(false);
            skipWs();
            expect(')');
            return inner;
        }
        if (c == '.') {
            pos++;
            return F.objectNode().put("type", "Shape");
        }
        ObjectNode nonLit = nonLitNodeConstraint();
        if (nonLit != null) {
            skipWs();
            if (startsShapeOrRef()) {
                return glue(nonLit, shapeOrRef(inline));
            }
            return nonLit;
        }
        ObjectNode lit = litNodeConstraint();
        if (lit != null) {
            return lit;
        }
        if (startsShapeOrRef()) {
            JsonNode ref = shapeOrRef(inline);
            skipWs();
            ObjectNode after = nonLitNodeConstraint();
            return after == null ? ref : glue(ref, after);
        }
        throw error("expected a shape expression");
    }

    private static ObjectNode glue(JsonNode a, JsonNode b) {
        ArrayNode list = F.arrayNode().add(a).add(b);
        ObjectNode and = F.objectNode().put("type", "ShapeAnd");
        and.set("shapeExprs", list);
        and.put("_glued", true);
        return and;
    }

    private boolean startsShapeOrRef() {
        char c = peek();
        return c == '{' || c == '@' || peekKeyword("CLOSED") || peekKeyword("EXTRA") || peekKeyword("EXTENDS");
    }

    private JsonNode shapeOrRef(boolean inline) throws SchemaSyntaxException {
        if (peek() == '@') {
            return F.textNode(shapeRef());
        }
        return shapeDefinition(inline);
    }

    private String shapeRef() throws SchemaSyntaxException {
        expect('@');
        skipWs();
        int at = pos;
        String label = shapeExprLabel();
        if (label == null) {
            pos = at;
            throw error("expected a shape label after '@'");
        }
        return label;
    }

    private ObjectNode shapeDefinition(boolean inline) throws SchemaSyntaxException {
        enter();
        ObjectNode shape = F.objectNode().put("type", "Shape");
        ArrayNode extra = null;
        ArrayNode ext = null;
        boolean closed = false;
        while (true) {
            skipWs();
            if (keyword("CLOSED")) {
                closed = true;
            } else if (keyword("EXTRA")) {
                if (extra == null) {
                    extra = F.arrayNode();
                }
                skipWs();
                String p = predicate();
                if (p == null) {
                    throw error("expected a predicate after EXTRA");
                }
                extra.add(p);
                while (true) {
                    skipWs();
                    int at = pos;
                    String more = predicate();
                    if (more == null) {
                        pos = at;
                        break;
                    }
                    extra.add(more);
                }
            } else if (keyword("EXTENDS")) {
                skipWs();
                if (ext == null) {
                    ext = F.arrayNode();
                }
                ext.add(shapeRef());
            } else {
                break;
            }
        }
        expect('{');
        skipWs();
        JsonNode expression = null;
        if (peek() != '}') {
            expression = tripleExpression();
            skipWs();
        }
        expect('}');
        skipWs();
        if (closed) {
            shape.put("closed", true);
        }
        if (extra != null) {
            shape.set("extra", extra);
        }
        if (ext != null) {
            shape.set("extends", ext);
        }
        if (expression != null) {
            shape.set("expression", expression);
        }
        if (!inline) {
            ArrayNode annotations = annotations();
            skipWs();
            ArrayNode acts = semActs();
            if (acts != null) {
                shape.set("semActs", acts);
            }
            if (annotations != null) {
                shape.set("annotations", annotations);
            }
        }
        depth--;
        return shape;
    }

    // ---------------------------------------------------------------- node constraints

    private ObjectNode nonLitNodeConstraint() throws SchemaSyntaxException {
        ObjectNode nc;
        if (keyword("IRI")) {
            nc = F.objectNode().put("type", "NodeConstraint").put("nodeKind", "iri");
        } else if (keyword("BNODE")) {
            nc = F.objectNode().put("type", "NodeConstraint").put("nodeKind", "bnode");
        } else if (keyword("NONLITERAL")) {
            nc = F.objectNode().put("type", "NodeConstraint").put("nodeKind", "nonliteral");
        } else if (startsStringFacet()) {
            nc = F.objectNode().put("type", "NodeConstraint");
            stringFacet(nc);
        } else {
            return null;
        }
        while (true) {
            skipWs();
            if (!startsStringFacet()) {
                return nc;
            }
            stringFacet(nc);
        }
    }

    private ObjectNode litNodeConstraint() throws SchemaSyntaxException {
        ObjectNode nc = F.objectNode().put("type", "NodeConstraint");
        String datatype = null;
        if (keyword("LITERAL")) {
            nc.put("nodeKind", "literal");
        } else if (peek() == '[') {
            nc.set("values", valueSet());
        } else if (startsNumericFacet()) {
            numericFacet(nc, null);
        } else {
            int at = pos;
            String dt = iriOrNull();
            if (dt == null) {
                pos = at;
                return null;
            }
            datatype = dt;
            nc.put("datatype", dt);
        }
        while (true) {
            skipWs();
            if (startsStringFacet()) {
                stringFacet(nc);
            } else if (startsNumericFacet()) {
                numericFacet(nc, datatype);
            } else {
                return nc;
            }
        }
    }

    private boolean startsStringFacet() {
        char c = peek();
        if (c == '/' && pos + 1 < n && in.charAt(pos + 1) != '/' && in.charAt(pos + 1) != '*') {
            return true;
        }
        return peekKeyword("LENGTH") || peekKeyword("MINLENGTH") || peekKeyword("MAXLENGTH");
    }

    private boolean startsNumericFacet() {
        return peekKeyword("MININCLUSIVE") || peekKeyword("MINEXCLUSIVE") || peekKeyword("MAXINCLUSIVE")
                || peekKeyword("MAXEXCLUSIVE") || peekKeyword("TOTALDIGITS") || peekKeyword("FRACTIONDIGITS");
    }

    private void stringFacet(ObjectNode nc) throws SchemaSyntaxException {
        if (peek() == '/') {
            if (nc.has("pattern")) {
                throw error("the pattern facet is given twice");
            }
            regexp(nc);
            return;
        }
        String name = keyword("LENGTH") ? "length" : keyword("MINLENGTH") ? "minlength" : keywordOrFail("MAXLENGTH");
        if (nc.has(name)) {
            throw error("the " + name.toUpperCase() + " facet is given twice");
        }
        skipWs();
        nc.put(name, nonNegativeInteger());
    }

    private String keywordOrFail(String k) throws SchemaSyntaxException {
        if (!keyword(k)) {
            throw error("expected " + k);
        }
        return k.toLowerCase();
    }

    private void numericFacet(ObjectNode nc, String datatype) throws SchemaSyntaxException {
        String name;
        boolean range = true;
        if (keyword("MININCLUSIVE")) {
            name = "mininclusive";
        } else if (keyword("MINEXCLUSIVE")) {
            name = "minexclusive";
        } else if (keyword("MAXINCLUSIVE")) {
            name = "maxinclusive";
        } else if (keyword("MAXEXCLUSIVE")) {
            name = "maxexclusive";
        } else if (keyword("TOTALDIGITS")) {
            name = "totaldigits";
            range = false;
        } else {
            keywordOrFail("FRACTIONDIGITS");
            name = "fractiondigits";
            range = false;
        }
        if (nc.has(name)) {
            throw error("the " + name.toUpperCase() + " facet is given twice");
        }
        if (datatype != null && !XsdTypes.isNumeric(datatype)) {
            throw error("the numeric facet " + name.toUpperCase() + " does not apply to datatype <" + datatype + ">");
        }
        skipWs();
        if (range) {
            int start = pos;
            String lexical = numericLexical();
            if (lexical == null) {
                pos = start;
                throw error("expected a number after " + name.toUpperCase());
            }
            nc.set(name, F.numberNode(new BigDecimal(normalizeDouble(lexical))));
        } else {
            nc.put(name, nonNegativeInteger());
        }
    }

    private static String normalizeDouble(String lexical) {
        return lexical.startsWith("+") ? lexical.substring(1) : lexical;
    }

    private int nonNegativeInteger() throws SchemaSyntaxException {
        int start = pos;
        while (pos < n && isDigit(in.charAt(pos))) {
            pos++;
        }
        if (start == pos || (pos < n && (in.charAt(pos) == '.' && pos + 1 < n && isDigit(in.charAt(pos + 1))))) {
            pos = start;
            throw error("expected a non-negative integer");
        }
        try {
            return Integer.parseInt(in.substring(start, pos));
        } catch (NumberFormatException e) {
            pos = start;
            throw error("integer out of range");
        }
    }

    private void regexp(ObjectNode nc) throws SchemaSyntaxException {
        int start = pos;
        expect('/');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= n) {
                pos = start;
                throw error("unterminated regular expression");
            }
            char c = in.charAt(pos);
            if (c == '/') {
                pos++;
                break;
            }
            if (c == '\n' || c == '\r') {
                throw error("line break inside a regular expression");
            }
            if (c == '\\') {
                if (pos + 1 >= n) {
                    throw error("unterminated regular expression");
                }
                char e = in.charAt(pos + 1);
                if (e == 'u' || e == 'U') {
                    sb.appendCodePoint(uchar());
                    continue;
                }
                if (e == '/') {
                    sb.append('/');
                } else if ("nrt\\|.?*+(){}$-[]^".indexOf(e) >= 0) {
                    sb.append('\\').append(e);
                } else {
                    throw error("invalid escape '\\" + e + "' in a regular expression");
                }
                pos += 2;
                continue;
            }
            sb.append(c);
            pos++;
        }
        if (sb.length() == 0) {
            pos = start;
            throw error("empty regular expression");
        }
        int flagsStart = pos;
        while (pos < n && "smix".indexOf(in.charAt(pos)) >= 0) {
            pos++;
        }
        nc.put("pattern", sb.toString());
        if (pos > flagsStart) {
            nc.put("flags", in.substring(flagsStart, pos));
        }
    }

    // ---------------------------------------------------------------- value sets

    private ArrayNode valueSet() throws SchemaSyntaxException {
        expect('[');
        ArrayNode values = F.arrayNode();
        while (true) {
            skipWs();
            char c = peek();
            if (c == ']') {
                pos++;
                return values;
            }
            if (pos >= n) {
                throw error("unterminated value set");
            }
            values.add(valueSetValue());
        }
    }

    private JsonNode valueSetValue() throws SchemaSyntaxException {
        char c = peek();
        boolean decimal = c == '.' && pos + 1 < n && isDigit(in.charAt(pos + 1));
        if (c == '.' && !decimal) {
            pos++;
            skipWs();
            if (peek() != '-') {
                throw error("'.' in a value set needs exclusions");
            }
            ArrayNode exclusions = F.arrayNode();
            String kind = null;
            while (peek() == '-') {
                pos++;
                skipWs();
                String k = exclusionKind();
                if (kind != null && !kind.equals(k)) {
                    throw error("exclusions of one wildcard must all be IRIs, literals or languages");
                }
                kind = k;
                exclusions.add(exclusion(k));
                skipWs();
            }
            String type = switch (kind) {
                case "iri" -> "IriStemRange";
                case "literal" -> "LiteralStemRange";
                default -> "LanguageStemRange";
            };
            ObjectNode range = F.objectNode().put("type", type);
            range.set("stem", F.objectNode().put("type", "Wildcard"));
            range.set("exclusions", exclusions);
            return range;
        }
        if (c == '@') {
            if (pos + 1 < n && in.charAt(pos + 1) == '~') {
                pos += 2;
                return stemRange("LanguageStem", "LanguageStemRange", F.textNode(""), "language");
            }
            String tag = langTag();
            if (peek() == '~') {
                pos++;
                return stemRange("LanguageStem", "LanguageStemRange", F.textNode(tag), "language");
            }
            return F.objectNode().put("type", "Language").put("languageTag", tag);
        }
        if (c == '"' || c == '\'' || c == '+' || c == '-' || isDigit(c) || decimal) {
            ObjectNode lit = literal();
            if (peek() == '~') {
                    pos++;
                return stemRange("LiteralStem", "LiteralStemRange", F.textNode(lit.get("value").asText()), "literal");
            }
            return lit;
        }
        if (peekKeyword("true") || peekKeyword("false")) {
            return literal();
        }
        int at = pos;
        String iri = iriOrNull();
        if (iri == null) {
            pos = at;
            throw error("expected an IRI, a literal or a language tag in the value set");
        }
        if (peek() == '~') {
            pos++;
            return stemRange("IriStem", "IriStemRange", F.textNode(iri), "iri");
        }
        return F.textNode(iri);
    }

    private JsonNode stemRange(String stemType, String rangeType,
            JsonNode stem, String kind) throws SchemaSyntaxException {
        skipWs();
        if (peek() != '-') {
            return F.objectNode().put("type", stemType).set("stem", stem);
        }
        ArrayNode exclusions = F.arrayNode();
        while (peek() == '-') {
            pos++;
            skipWs();
            if (!exclusionKind().equals(kind)) {
                throw error("an exclusion must be of the same kind as its stem");
            }
            exclusions.add(exclusion(kind));
            skipWs();
        }
        ObjectNode range = F.objectNode().put("type", rangeType);
        range.set("stem", stem);
        range.set("exclusions", exclusions);
        return range;
    }

    private String exclusionKind() {
        char c = peek();
        if (c == '@') {
            return "language";
        }
        if (c == '"' || c == '\'' || c == '+' || c == '-' || c == '.' || isDigit(c) || peekKeyword("true")
                || peekKeyword("false")) {
            return "literal";
        }
        return "iri";
    }

    private JsonNode exclusion(String kind) throws SchemaSyntaxException {
        String value;
        switch (kind) {
            case "language" -> {
                if (pos + 1 < n && in.charAt(pos + 1) == '~') {
                    throw error("an empty language stem cannot be excluded");
                }
                value = langTag();
            }
            case "literal" -> {
                ObjectNode lit = literal();
                value = lit.get("value").asText();
            }
            default -> {
                int at = pos;
                value = iriOrNull();
                if (value == null) {
                    pos = at;
                    throw error("expected an IRI exclusion");
                }
            }
        }
        if (peek() == '~') {
            pos++;
            String type = switch (kind) {
                case "iri" -> "IriStem";
                case "literal" -> "LiteralStem";
                default -> "LanguageStem";
            };
            return F.objectNode().put("type", type).put("stem", value);
        }
        return F.textNode(value);
    }

    // ---------------------------------------------------------------- triple expressions

    private JsonNode tripleExpression() throws SchemaSyntaxException {
        enter();
        JsonNode first = groupTripleExpr();
        skipWs();
        if (peek() != '|') {
            depth--;
            return first;
        }
        ArrayNode list = F.arrayNode().add(first);
        while (peek() == '|') {
            pos++;
            skipWs();
            list.add(groupTripleExpr());
            skipWs();
        }
        depth--;
        return F.objectNode().put("type", "OneOf").set("expressions", list);
    }

    private JsonNode groupTripleExpr() throws SchemaSyntaxException {
        JsonNode first = unaryTripleExpr();
        skipWs();
        if (peek() != ';') {
            return first;
        }
        ArrayNode list = F.arrayNode().add(first);
        while (peek() == ';') {
            pos++;
            skipWs();
            char c = peek();
            if (c == '|' || c == ')' || c == '}') {
                break;
            }
            list.add(unaryTripleExpr());
            skipWs();
        }
        if (list.size() == 1) {
            return first;
        }
        return F.objectNode().put("type", "EachOf").set("expressions", list);
    }

    private JsonNode unaryTripleExpr() throws SchemaSyntaxException {
        char c = peek();
        if (c == '&') {
            pos++;
            int at = pos;
            String label = label();
            if (label == null) {
                pos = at;
                throw error("expected a triple expression label after '&'");
            }
            return F.textNode(label);
        }
        String id = null;
        if (c == '$') {
            pos++;
            int at = pos;
            id = label();
            if (id == null) {
                pos = at;
                throw error("expected a triple expression label after '$'");
            }
            skipWs();
            c = peek();
        }
        ObjectNode expr;
        if (c == '(') {
            pos++;
            skipWs();
            JsonNode inner = tripleExpression();
            skipWs();
            expect(')');
            if (!inner.isObject()) {
                // an inclusion in parentheses: wrap it so cardinality has a home
                expr = F.objectNode().put("type", "EachOf");
                expr.set("expressions", F.arrayNode().add(inner));
            } else {
                expr = (ObjectNode) inner;
            }
            // a label given before the parentheses comes first, as ShExJ writes it
            ObjectNode copy = F.objectNode();
            copy.put("type", expr.get("type").asText());
            if (id != null) {
                copy.put("id", id);
            }
            expr.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("type") && !(e.getKey().equals("id") && copy.has("id"))) {
                    copy.set(e.getKey(), e.getValue());
                }
            });
            expr = copy;
            skipWs();
            if (expr.has("min") && startsCardinality()) {
                throw error("a cardinality is given twice");
            }
            cardinality(expr);
        } else {
            expr = tripleConstraint(id);
        }
        skipWs();
        ArrayNode annotations = annotations();
        skipWs();
        ArrayNode acts = semActs();
        if (acts != null) {
            if (expr.has("semActs")) {
                ((ArrayNode) expr.get("semActs")).addAll(acts);
            } else {
                expr.set("semActs", acts);
            }
        }
        if (annotations != null) {
            if (expr.has("annotations")) {
                ((ArrayNode) expr.get("annotations")).addAll(annotations);
            } else {
                expr.set("annotations", annotations);
            }
        }
        return expr;
    }

    private ObjectNode tripleConstraint(String id) throws SchemaSyntaxException {
        ObjectNode tc = F.objectNode().put("type", "TripleConstraint");
        if (id != null) {
            tc.put("id", id);
        }
        if (peek() == '^') {
            pos++;
            skipWs();
            tc.put("inverse", true);
        }
        int at = pos;
        String predicate = predicate();
        if (predicate == null) {
            pos = at;
            throw error("expected a predicate");
        }
        tc.put("predicate", predicate);
        skipWs();
        int valueStart = pos;
        JsonNode value = shapeOr(true);
        // '.' (any node) is the absence of a value expression in ShExJ
        if (!(value.isObject() && value.get("type").asText().equals("Shape") && value.size() == 1
                && in.charAt(valueStart) == '.')) {
            tc.set("valueExpr", value);
        }
        skipWs();
        cardinality(tc);
        return tc;
    }

    private boolean startsCardinality() {
        char c = peek();
        return c == '*' || c == '+' || c == '?' || (c == '{' && pos + 1 < n && isDigitAfterWs(pos + 1));
    }

    private boolean isDigitAfterWs(int p) {
        while (p < n && Character.isWhitespace(in.charAt(p))) {
            p++;
        }
        return p < n && isDigit(in.charAt(p));
    }

    private void cardinality(ObjectNode expr) throws SchemaSyntaxException {
        char c = peek();
        int min;
        int max;
        if (c == '*') {
            pos++;
            min = 0;
            max = -1;
        } else if (c == '+') {
            pos++;
            min = 1;
            max = -1;
        } else if (c == '?') {
            pos++;
            min = 0;
            max = 1;
        } else if (c == '{' && isDigitAfterWs(pos + 1)) {
            pos++;
            skipWs();
            min = nonNegativeInteger();
            skipWs();
            if (peek() == ',') {
                pos++;
                skipWs();
                if (peek() == '*') {
                    pos++;
                    max = -1;
                } else if (isDigit(peek())) {
                    max = nonNegativeInteger();
                } else {
                    max = -1;
                }
                skipWs();
            } else {
                max = min;
            }
            expect('}');
            if (max != -1 && max < min) {
                throw error("the cardinality's maximum " + max + " is below its minimum " + min);
            }
        } else {
            return;
        }
        expr.put("min", min);
        expr.put("max", max);
        skipWs();
        if (startsCardinality()) {
            throw error("a cardinality is given twice");
        }
    }

    // ---------------------------------------------------------------- annotations and semantic actions

    private ArrayNode annotations() throws SchemaSyntaxException {
        ArrayNode list = null;
        while (peek() == '/' && pos + 1 < n && in.charAt(pos + 1) == '/') {
            pos += 2;
            skipWs();
            int at = pos;
            String p = predicate();
            if (p == null) {
                pos = at;
                throw error("expected a predicate after '//'");
            }
            skipWs();
            ObjectNode a = F.objectNode().put("type", "Annotation").put("predicate", p);
            char c = peek();
            if (c == '"' || c == '\'' || c == '+' || c == '-' || c == '.' || isDigit(c) || peekKeyword("true")
                    || peekKeyword("false")) {
                a.set("object", literal());
            } else {
                int o = pos;
                String iri = iriOrNull();
                if (iri == null) {
                    pos = o;
                    throw error("expected an IRI or a literal as the annotation's object");
                }
                a.put("object", iri);
            }
            if (list == null) {
                list = F.arrayNode();
            }
            list.add(a);
            skipWs();
        }
        return list;
    }

    private ArrayNode semActs() throws SchemaSyntaxException {
        ArrayNode list = null;
        while (peek() == '%') {
            pos++;
            skipWs();
            int at = pos;
            String name = iriOrNull();
            if (name == null) {
                pos = at;
                throw error("expected the IRI naming a semantic action after '%'");
            }
            ObjectNode act = F.objectNode().put("type", "SemAct").put("name", name);
            skipWs();
            if (peek() == '{') {
                act.put("code", code());
            } else {
                expect('%');
            }
            if (list == null) {
                list = F.arrayNode();
            }
            list.add(act);
            skipWs();
        }
        return list;
    }

    private String code() throws SchemaSyntaxException {
        int start = pos;
        expect('{');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= n) {
                pos = start;
                throw error("unterminated semantic action code");
            }
            char c = in.charAt(pos);
            if (c == '%') {
                if (pos + 1 < n && in.charAt(pos + 1) == '}') {
                    pos += 2;
                    return sb.toString();
                }
                throw error("'%' inside code must be escaped as '\\%'");
            }
            if (c == '\\') {
                char e = pos + 1 < n ? in.charAt(pos + 1) : 0;
                if (e == '%' || e == '\\') {
                    sb.append(e);
                    pos += 2;
                } else if (e == 'u' || e == 'U') {
                    sb.appendCodePoint(uchar());
                } else {
                    sb.append('\\');
                    pos++;
                }
                continue;
            }
            sb.append(c);
            pos++;
        }
    }

    // ---------------------------------------------------------------- terms

    private String predicate() throws SchemaSyntaxException {
        if (peek() == 'a' && (pos + 1 >= n || !isPnChars(in.charAt(pos + 1)) && in.charAt(pos + 1) != ':'
                && in.charAt(pos + 1) != '.')) {
            pos++;
            return RDF_TYPE;
        }
        return iriOrNull();
    }

    private String shapeExprLabel() throws SchemaSyntaxException {
        return label();
    }

    private String label() throws SchemaSyntaxException {
        if (peek() == '_' && pos + 1 < n && in.charAt(pos + 1) == ':') {
            return blankNode();
        }
        return iriOrNull();
    }

    private String blankNode() throws SchemaSyntaxException {
        int start = pos;
        pos += 2;
        if (pos >= n || !(isPnCharsU(in.charAt(pos)) || isDigit(in.charAt(pos)))) {
            throw error("invalid blank node label");
        }
        pos++;
        while (pos < n && (isPnChars(in.charAt(pos)) || in.charAt(pos) == '.')) {
            pos++;
        }
        while (in.charAt(pos - 1) == '.') {
            pos--;
        }
        return in.substring(start, pos);
    }

    /** An IRIREF or a prefixed name, resolved; null (position unchanged) when neither starts here. */
    private String iriOrNull() throws SchemaSyntaxException {
        char c = peek();
        if (c == '<') {
            return resolve(iriRef());
        }
        if (c == ':' || isPnCharsBase(c)) {
            int start = pos;
            String prefix = pnPrefixOrNull();
            if (prefix == null || peek() != ':') {
                pos = start;
                return null;
            }
            pos++;
            String ns = prefixes.get(prefix);
            if (ns == null) {
                pos = start;
                throw error("the prefix '" + prefix + ":' is not declared");
            }
            return ns + pnLocal();
        }
        return null;
    }

    private String iri() throws SchemaSyntaxException {
        int at = pos;
        String iri = iriOrNull();
        if (iri == null) {
            pos = at;
            throw error("expected an IRI");
        }
        return iri;
    }

    private String pnameNs() throws SchemaSyntaxException {
        int start = pos;
        String prefix = peek() == ':' ? "" : pnPrefixOrNull();
        if (prefix == null || peek() != ':') {
            pos = start;
            throw error("expected a prefix name ending in ':'");
        }
        pos++;
        return prefix;
    }

    private String pnPrefixOrNull() {
        int start = pos;
        if (pos < n && isPnCharsBase(in.charAt(pos))) {
            pos++;
            while (pos < n && (isPnChars(in.charAt(pos)) || in.charAt(pos) == '.')) {
                pos++;
            }
            if (in.charAt(pos - 1) == '.') {
                return null;
            }
        }
        return in.substring(start, pos);
    }

    private String pnLocal() throws SchemaSyntaxException {
        StringBuilder sb = new StringBuilder();
        if (pos >= n) {
            return "";
        }
        char c = in.charAt(pos);
        if (!(isPnCharsU(c) || c == ':' || isDigit(c) || c == '%' || c == '\\')) {
            return "";
        }
        int lastGood = 0;
        while (pos < n) {
            c = in.charAt(pos);
            if (c == '%') {
                if (pos + 2 >= n || !isHex(in.charAt(pos + 1)) || !isHex(in.charAt(pos + 2))) {
                    throw error("'%' in a prefixed name must be followed by two hex digits");
                }
                sb.append(in, pos, pos + 3);
                pos += 3;
                lastGood = sb.length();
            } else if (c == '\\') {
                char e = pos + 1 < n ? in.charAt(pos + 1) : 0;
                if ("_~.-!$&'()*+,;=/?#@%".indexOf(e) < 0 || e == 0) {
                    throw error("invalid escape in a prefixed name");
                }
                sb.append(e);
                pos += 2;
                lastGood = sb.length();
            } else if (isPnChars(c) || c == ':') {
                sb.appendCodePoint(in.codePointAt(pos));
                pos += Character.charCount(in.codePointAt(pos));
                lastGood = sb.length();
            } else if (c == '.') {
                sb.append('.');
                pos++;
            } else {
                break;
            }
        }
        // a trailing '.' ends the statement, not the name
        int drop = sb.length() - lastGood;
        pos -= drop;
        sb.setLength(lastGood);
        return sb.toString();
    }

    private String iriRef() throws SchemaSyntaxException {
        skipWs();
        int start = pos;
        expect('<');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= n) {
                pos = start;
                throw error("unterminated IRI");
            }
            char c = in.charAt(pos);
            if (c == '>') {
                pos++;
                return sb.toString();
            }
            if (c == '\\') {
                char e = pos + 1 < n ? in.charAt(pos + 1) : 0;
                if (e != 'u' && e != 'U') {
                    throw error("only \\u and \\U escapes are allowed in an IRI");
                }
                int cp = uchar();
                if (cp <= 0x20 || "<>\"{}|^`\\".indexOf(cp) >= 0) {
                    throw error("the escaped character U+" + Integer.toHexString(cp) + " is not allowed in an IRI");
                }
                sb.appendCodePoint(cp);
                continue;
            }
            if (c <= 0x20 || "<\"{}|^`".indexOf(c) >= 0) {
                throw error("character '" + printable(c) + "' is not allowed in an IRI");
            }
            sb.append(c);
            pos++;
        }
    }

    private int uchar() throws SchemaSyntaxException {
        char kind = in.charAt(pos + 1);
        int len = kind == 'u' ? 4 : 8;
        if (pos + 2 + len > n) {
            throw error("incomplete \\" + kind + " escape");
        }
        int cp = 0;
        for (int i = 0; i < len; i++) {
            char h = in.charAt(pos + 2 + i);
            if (!isHex(h)) {
                throw error("invalid \\" + kind + " escape: '" + printable(h) + "' is not a hex digit");
            }
            cp = cp * 16 + Character.digit(h, 16);
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            throw error("the escape \\" + kind + " names no Unicode scalar value");
        }
        pos += 2 + len;
        return cp;
    }

    private String langTag() throws SchemaSyntaxException {
        int start = pos;
        expect('@');
        int tagStart = pos;
        while (pos < n && isAlpha(in.charAt(pos))) {
            pos++;
        }
        if (pos == tagStart) {
            pos = start;
            throw error("expected a language tag");
        }
        while (pos < n && in.charAt(pos) == '-' && pos + 1 < n && isAlnum(in.charAt(pos + 1))) {
            pos++;
            while (pos < n && isAlnum(in.charAt(pos))) {
                pos++;
            }
        }
        return in.substring(tagStart, pos);
    }

    private ObjectNode literal() throws SchemaSyntaxException {
        char c = peek();
        ObjectNode lit = F.objectNode();
        if (c == '"' || c == '\'') {
            lit.put("value", string());
            if (peek() == '@') {
                // language tags compare case-insensitively; ShExJ writes them in lower case
                lit.put("language", langTag().toLowerCase(java.util.Locale.ROOT));
            } else if (peek() == '^' && pos + 1 < n && in.charAt(pos + 1) == '^') {
                pos += 2;
                lit.put("type", iri());
            }
            return lit;
        }
        if (keyword("true")) {
            return lit.put("value", "true").put("type", XSD + "boolean");
        }
        if (keyword("false")) {
            return lit.put("value", "false").put("type", XSD + "boolean");
        }
        int start = pos;
        String lexical = numericLexical();
        if (lexical == null) {
            pos = start;
            throw error("expected a literal");
        }
        String type = lexical.indexOf('e') >= 0 || lexical.indexOf('E') >= 0 ? "double"
                : lexical.indexOf('.') >= 0 ? "decimal" : "integer";
        return lit.put("value", lexical).put("type", XSD + type);
    }

    /** INTEGER, DECIMAL or DOUBLE as written; null when none starts here. Rejects a name glued to the number. */
    private String numericLexical() throws SchemaSyntaxException {
        int start = pos;
        if (pos < n && (in.charAt(pos) == '+' || in.charAt(pos) == '-')) {
            pos++;
        }
        int intStart = pos;
        while (pos < n && isDigit(in.charAt(pos))) {
            pos++;
        }
        boolean intDigits = pos > intStart;
        boolean fraction = false;
        if (pos < n && in.charAt(pos) == '.' && pos + 1 < n && isDigit(in.charAt(pos + 1))) {
            pos++;
            while (pos < n && isDigit(in.charAt(pos))) {
                pos++;
            }
            fraction = true;
        } else if (intDigits && pos < n && in.charAt(pos) == '.' && pos + 1 < n
                && (in.charAt(pos + 1) == 'e' || in.charAt(pos + 1) == 'E')) {
            pos++;
        }
        if (!intDigits && !fraction) {
            pos = start;
            return null;
        }
        if (pos < n && (in.charAt(pos) == 'e' || in.charAt(pos) == 'E')) {
            int e = pos;
            pos++;
            if (pos < n && (in.charAt(pos) == '+' || in.charAt(pos) == '-')) {
                pos++;
            }
            int expStart = pos;
            while (pos < n && isDigit(in.charAt(pos))) {
                pos++;
            }
            if (pos == expStart) {
                pos = e;
                throw error("incomplete exponent in a number");
            }
        }
        if (pos < n && (isPnCharsU(in.charAt(pos)) && in.charAt(pos) != '_' || in.charAt(pos) == '_')) {
            throw error("unexpected '" + printable(in.charAt(pos)) + "' after a number");
        }
        return in.substring(start, pos);
    }

    private String string() throws SchemaSyntaxException {
        int start = pos;
        char q = in.charAt(pos);
        boolean isLong = pos + 2 < n && in.charAt(pos + 1) == q && in.charAt(pos + 2) == q;
        pos += isLong ? 3 : 1;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= n) {
                pos = start;
                throw error("unterminated string");
            }
            char c = in.charAt(pos);
            if (c == q) {
                if (!isLong) {
                    pos++;
                    return sb.toString();
                }
                if (pos + 2 < n && in.charAt(pos + 1) == q && in.charAt(pos + 2) == q) {
                    // the closing triple may be preceded by up to two more quotes that belong to the value
                    int run = 0;
                    while (pos + run < n && in.charAt(pos + run) == q) {
                        run++;
                    }
                    if (run > 3) {
                        // the grammar lets a long string's content end in no quote: four or more is an error
                        throw error("a long string cannot end in " + run + " quotes");
                    }
                    pos += run;
                    return sb.toString();
                }
                sb.append(c);
                pos++;
                continue;
            }
            if (!isLong && (c == '\n' || c == '\r')) {
                throw error("line break inside a short string");
            }
            if (c == '\\') {
                char e = pos + 1 < n ? in.charAt(pos + 1) : 0;
                switch (e) {
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 'f' -> sb.append('\f');
                    case '"' -> sb.append('"');
                    case '\'' -> sb.append('\'');
                    case '\\' -> sb.append('\\');
                    case 'u', 'U' -> {
                        sb.appendCodePoint(uchar());
                        continue;
                    }
                    default -> throw error("invalid escape '\\" + printable(e) + "' in a string");
                }
                pos += 2;
                continue;
            }
            sb.append(c);
            pos++;
        }
    }

    // ---------------------------------------------------------------- lexical helpers

    private String resolve(String iri) throws SchemaSyntaxException {
        if (base.isEmpty() || hasScheme(iri)) {
            return iri;
        }
        return Iris.resolve(base, iri);
    }

    private static boolean hasScheme(String iri) {
        for (int i = 0; i < iri.length(); i++) {
            char c = iri.charAt(i);
            if (c == ':') {
                return i > 0;
            }
            if (!(isAlpha(c) || (i > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.')))) {
                return false;
            }
        }
        return false;
    }

    private void enter() throws SchemaSyntaxException {
        if (++depth > ParserLimits.MAX_DEPTH) {
            throw error("nesting deeper than " + ParserLimits.MAX_DEPTH + " levels");
        }
    }

    /** Skips white space and comments ({@code #} to end of line, and {@code /* ... *}{@code /}). */
    void skipWs() throws SchemaSyntaxException {
        while (pos < n) {
            char c = in.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '#') {
                while (pos < n && in.charAt(pos) != '\n' && in.charAt(pos) != '\r') {
                    pos++;
                }
            } else if (c == '/' && pos + 1 < n && in.charAt(pos + 1) == '*') {
                int end = in.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("unterminated comment");
                }
                pos = end + 2;
            } else {
                return;
            }
        }
    }

    private char peek() {
        return pos < n ? in.charAt(pos) : '\0';
    }

    private void expect(char c) throws SchemaSyntaxException {
        if (peek() != c) {
            throw error(pos >= n ? "expected '" + c + "' but the document ended" : "expected '" + c + "' but found '"
                    + printable(peek()) + "'");
        }
        pos++;
    }

    /** True (and consumed) when the case-insensitive keyword stands here as a whole word. */
    private boolean keyword(String k) {
        if (peekKeyword(k)) {
            pos += k.length();
            return true;
        }
        return false;
    }

    private boolean peekKeyword(String k) {
        int len = k.length();
        if (pos + len > n || !in.regionMatches(true, pos, k, 0, len)) {
            return false;
        }
        if (pos + len < n) {
            char next = in.charAt(pos + len);
            return !(isPnChars(next) || next == ':' || next == '.' && pos + len + 1 < n
                    && isPnChars(in.charAt(pos + len + 1)));
        }
        return true;
    }

    SchemaSyntaxException error(String reason) {
        int line = 1;
        int col = 1;
        int end = Math.min(pos, n);
        for (int i = 0; i < end; i++) {
            if (in.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        String where = "line " + line + ", column " + col;
        return new SchemaSyntaxException(where, where + ": " + reason + ".");
    }

    private static String printable(char c) {
        return c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isAlnum(char c) {
        return isAlpha(c) || isDigit(c);
    }

    static boolean isPnCharsBase(char c) {
        return isAlpha(c) || (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF)
                || (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D)
                || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF)
                || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) || Character.isSurrogate(c);
    }

    static boolean isPnCharsU(char c) {
        return isPnCharsBase(c) || c == '_';
    }

    static boolean isPnChars(char c) {
        return isPnCharsU(c) || c == '-' || isDigit(c) || c == 0xB7 || (c >= 0x300 && c <= 0x36F)
                || (c >= 0x203F && c <= 0x2040);
    }
}
