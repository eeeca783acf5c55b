package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Writes ShExJ as ShExC. IRIs are compacted with the given prefixes where the local part is a plain name, so a
 * schema read from ShExC comes back with its own prefixes. The text always parses back to the same ShExJ (the
 * conformance profile checks that on the whole suite).
 */
final class ShexcWriter {
    private final Map<String, String> prefixes;
    private final StringBuilder out = new StringBuilder();

    private ShexcWriter(Map<String, String> prefixes) {
        this.prefixes = prefixes;
    }

    /** A writer used only to compact IRIs and labels with the given prefixes. */
    static ShexcWriter compactor(Map<String, String> prefixes) {
        return new ShexcWriter(prefixes);
    }

    /** The ShExC text of one value set value (a stem, a range, a language). */
    static String valueText(JsonNode value, ShexcWriter names) {
        ShexcWriter w = new ShexcWriter(names.prefixes);
        w.value(value);
        return w.out.toString();
    }

    static String write(JsonNode schema, Map<String, String> prefixes, String base) {
        ShexcWriter w = new ShexcWriter(prefixes);
        w.schema(schema, base);
        return w.out.toString();
    }

    private void schema(JsonNode s, String base) {
        if (!base.isEmpty()) {
            out.append("BASE <").append(escapeIri(base)).append(">\n");
        }
        prefixes.forEach((p, ns) -> out.append("PREFIX ").append(p).append(": <").append(escapeIri(ns))
                .append(">\n"));
        for (JsonNode i : s.path("imports")) {
            out.append("IMPORT ").append(iri(i.asText())).append('\n');
        }
        if (out.length() > 0) {
            out.append('\n');
        }
        if (s.has("startActs")) {
            semActs(s.get("startActs"));
            out.append('\n');
        }
        if (s.has("start")) {
            out.append("start = ");
            shapeExpr(s.get("start"), true);
            out.append("\n\n");
        }
        for (JsonNode decl : s.path("shapes")) {
            if (decl.path("abstract").asBoolean(false)) {
                out.append("ABSTRACT ");
            }
            out.append(label(decl.get("id").asText())).append(' ');
            JsonNode expr = decl.get("shapeExpr");
            if (expr.isObject() && expr.path("type").asText().equals("ShapeExternal")) {
                out.append("EXTERNAL");
            } else {
                shapeExpr(expr, false);
            }
            out.append("\n\n");
        }
    }

    private void shapeExpr(JsonNode e, boolean inline) {
        if (e.isTextual()) {
            out.append('@').append(label(e.asText()));
            return;
        }
        switch (e.path("type").asText()) {
            case "ShapeOr" -> joined(e.get("shapeExprs"), " OR ", inline, "ShapeOr");
            case "ShapeAnd" -> joined(e.get("shapeExprs"), " AND ", inline, "ShapeOr", "ShapeAnd");
            case "ShapeNot" -> {
                out.append("NOT ");
                JsonNode inner = e.get("shapeExpr");
                String t = inner.path("type").asText();
                boolean wrap = t.equals("ShapeOr") || t.equals("ShapeAnd") || t.equals("ShapeNot");
                parenthesised(inner, inline, wrap);
            }
            case "NodeConstraint" -> nodeConstraint(e);
            case "Shape" -> shape(e, inline);
            case "ShapeExternal" -> out.append("EXTERNAL");
            default -> throw new IllegalArgumentException("Not a ShExJ shape expression: " + e);
        }
    }

    private void joined(JsonNode members, String op, boolean inline, String... wrapTypes) {
        boolean first = true;
        for (JsonNode m : members) {
            if (!first) {
                out.append(op);
            }
            first = false;
            boolean wrap = false;
            for (String t : wrapTypes) {
                wrap |= m.path("type").asText().equals(t);
            }
            parenthesised(m, inline, wrap);
        }
    }

    private void parenthesised(JsonNode e, boolean inline, boolean wrap) {
        if (wrap) {
            out.append('(');
            shapeExpr(e, false);
            out.append(')');
        } else {
            shapeExpr(e, inline);
        }
    }

    private void nodeConstraint(JsonNode nc) {
        boolean any = false;
        if (nc.has("nodeKind")) {
            out.append(nc.get("nodeKind").asText().toUpperCase(java.util.Locale.ROOT));
            any = true;
        } else if (nc.has("datatype")) {
            out.append(iri(nc.get("datatype").asText()));
            any = true;
        } else if (nc.has("values")) {
            valueSet(nc.get("values"));
            any = true;
        }
        for (String f : new String[] {"length", "minlength", "maxlength", "mininclusive", "minexclusive",
            "maxinclusive", "maxexclusive", "totaldigits", "fractiondigits"}) {
            if (nc.has(f)) {
                if (any) {
                    out.append(' ');
                }
                out.append(f.toUpperCase(java.util.Locale.ROOT)).append(' ')
                        .append(nc.get(f).decimalValue().toPlainString());
                any = true;
            }
        }
        if (nc.has("pattern")) {
            if (any) {
                out.append(' ');
            }
            out.append('/');
            String p = nc.get("pattern").asText();
            for (int i = 0; i < p.length(); i++) {
                char c = p.charAt(i);
                if (c == '\\' && i + 1 < p.length()) {
                    out.append(c).append(p.charAt(++i));
                } else if (c == '/') {
                    out.append("\\/");
                } else if (c == '\n') {
                    out.append("\\n");
                } else if (c == '\r') {
                    out.append("\\r");
                } else {
                    out.append(c);
                }
            }
            out.append('/').append(nc.path("flags").asText(""));
            any = true;
        }
        if (!any) {
            // a node constraint with no constraint at all: LITERAL OR NONLITERAL would change the ShExJ; '.' is nearest
            out.append('.');
        }
    }

    private void valueSet(JsonNode values) {
        out.append('[');
        boolean first = true;
        for (JsonNode v : values) {
            if (!first) {
                out.append(' ');
            }
            first = false;
            value(v);
        }
        out.append(']');
    }

    private void value(JsonNode v) {
        if (v.isTextual()) {
            out.append(iri(v.asText()));
            return;
        }
        String type = v.path("type").asText("");
        switch (type) {
            case "IriStem" -> out.append(iri(v.get("stem").asText())).append('~');
            case "LiteralStem" -> out.append(string(v.get("stem").asText())).append('~');
            case "LanguageStem" -> out.append('@').append(v.get("stem").asText()).append('~');
            case "Language" -> out.append('@').append(v.get("languageTag").asText());
            case "IriStemRange", "LiteralStemRange", "LanguageStemRange" -> {
                JsonNode stem = v.get("stem");
                if (stem.isObject()) {
                    out.append('.');
                } else if (type.equals("IriStemRange")) {
                    out.append(iri(stem.asText())).append('~');
                } else if (type.equals("LiteralStemRange")) {
                    out.append(string(stem.asText())).append('~');
                } else {
                    out.append('@').append(stem.asText()).append('~');
                }
                for (JsonNode x : v.get("exclusions")) {
                    out.append(" - ");
                    String text = x.isTextual() ? x.asText() : x.get("stem").asText();
                    if (type.equals("IriStemRange")) {
                        out.append(iri(text));
                    } else if (type.equals("LiteralStemRange")) {
                        out.append(string(text));
                    } else {
                        out.append('@').append(text);
                    }
                    if (!x.isTextual()) {
                        out.append('~');
                    }
                }
            }
            default -> out.append(literal(v));
        }
    }

    private String literal(JsonNode lit) {
        String s = string(lit.get("value").asText());
        if (lit.has("language")) {
            return s + "@" + lit.get("language").asText();
        }
        if (lit.has("type")) {
            return s + "^^" + iri(lit.get("type").asText());
        }
        return s;
    }

    private void shape(JsonNode s, boolean inline) {
        boolean wrap = inline && (s.has("annotations") || s.has("semActs"));
        if (wrap) {
            out.append('(');
        }
        for (JsonNode x : s.path("extends")) {
            out.append("EXTENDS @").append(label(x.asText())).append(' ');
        }
        if (s.path("closed").asBoolean(false)) {
            out.append("CLOSED ");
        }
        if (s.has("extra")) {
            out.append("EXTRA");
            for (JsonNode p : s.get("extra")) {
                out.append(' ').append(iri(p.asText()));
            }
            out.append(' ');
        }
        out.append('{');
        if (s.has("expression")) {
            out.append("\n  ");
            tripleExpr(s.get("expression"), true);
            out.append('\n');
        }
        out.append('}');
        annotations(s.path("annotations"));
        if (s.has("semActs")) {
            out.append(' ');
            semActs(s.get("semActs"));
        }
        if (wrap) {
            out.append(')');
        }
    }

    private void tripleExpr(JsonNode t, boolean top) {
        if (t.isTextual()) {
            out.append('&').append(label(t.asText()));
            return;
        }
        if (t.has("id")) {
            out.append('$').append(label(t.get("id").asText())).append(' ');
        }
        String type = t.get("type").asText();
        if (type.equals("TripleConstraint")) {
            if (t.path("inverse").asBoolean(false)) {
                out.append('^');
            }
            out.append(iri(t.get("predicate").asText())).append(' ');
            if (t.has("valueExpr")) {
                JsonNode v = t.get("valueExpr");
                if (v.isObject() && v.path("type").asText().equals("Shape") && v.size() == 1) {
                    out.append("{ }");
                } else {
                    shapeExpr(v, true);
                }
            } else {
                out.append('.');
            }
        } else {
            boolean bare = top && !t.has("id") && !t.has("min") && !t.has("annotations") && !t.has("semActs");
            if (!bare) {
                out.append('(');
            }
            String sep = type.equals("EachOf") ? " ;\n  " : "\n  | ";
            boolean first = true;
            for (JsonNode m : t.get("expressions")) {
                if (!first) {
                    out.append(sep);
                }
                first = false;
                tripleExpr(m, false);
            }
            if (!bare) {
                out.append(')');
            }
        }
        cardinality(t);
        annotations(t.path("annotations"));
        if (t.has("semActs")) {
            out.append(' ');
            semActs(t.get("semActs"));
        }
    }

    private void cardinality(JsonNode t) {
        if (!t.has("min") && !t.has("max")) {
            return;
        }
        int min = t.path("min").asInt(1);
        int max = t.path("max").asInt(1);
        if (min == 0 && max == -1) {
            out.append('*');
        } else if (min == 1 && max == -1) {
            out.append('+');
        } else if (min == 0 && max == 1) {
            out.append('?');
        } else if (min == max) {
            out.append(" {").append(min).append('}');
        } else {
            out.append(" {").append(min).append(',').append(max == -1 ? "*" : String.valueOf(max)).append('}');
        }
    }

    private void annotations(JsonNode list) {
        for (JsonNode a : list) {
            out.append(" // ").append(iri(a.get("predicate").asText())).append(' ');
            JsonNode o = a.get("object");
            out.append(o.isTextual() ? iri(o.asText()) : literal(o));
        }
    }

    private void semActs(JsonNode list) {
        boolean first = true;
        for (JsonNode act : list) {
            if (!first) {
                out.append(' ');
            }
            first = false;
            out.append('%').append(iri(act.get("name").asText()));
            if (act.has("code")) {
                out.append('{');
                String code = act.get("code").asText();
                for (int i = 0; i < code.length(); i++) {
                    char c = code.charAt(i);
                    if (c == '%' || c == '\\') {
                        out.append('\\');
                    }
                    out.append(c);
                }
                out.append("%}");
            } else {
                out.append('%');
            }
        }
    }

    String label(String id) {
        return id.startsWith("_:") ? id : iri(id);
    }

    /** A prefixed name when a declared prefix covers the IRI with a plain local name, else {@code <iri>}. */
    String iri(String iri) {
        String best = null;
        int bestLen = -1;
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            String ns = p.getValue();
            if (ns.length() > bestLen && iri.startsWith(ns) && plainLocal(iri.substring(ns.length()))) {
                best = p.getKey();
                bestLen = ns.length();
            }
        }
        if (best != null) {
            return best + ":" + iri.substring(bestLen);
        }
        return "<" + escapeIri(iri) + ">";
    }

    static boolean plainLocal(String local) {
        if (local.isEmpty()) {
            return true;
        }
        char first = local.charAt(0);
        if (!(Character.isLetterOrDigit(first) && first < 0x80 || first == '_')) {
            return false;
        }
        for (int i = 1; i < local.length(); i++) {
            char c = local.charAt(i);
            if (!((c < 0x80 && Character.isLetterOrDigit(c)) || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static String escapeIri(String iri) {
        StringBuilder sb = new StringBuilder(iri.length());
        for (int i = 0; i < iri.length(); i++) {
            char c = iri.charAt(i);
            if (c <= 0x20 || "<>\"{}|^`\\".indexOf(c) >= 0) {
                // not allowed in an IRIREF even escaped: percent-encode, as RFC 3987 maps it to a URI
                sb.append(String.format("%%%02X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static String string(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
