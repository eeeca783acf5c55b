package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.compat.Severity;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Judges a change in JSON Schema keywords the codec keeps verbatim (a map whose values are a scalar or an object,
 * a definition that is no object with properties): does the reader's schema accept every instance the writer's
 * accepts? Read keyword by keyword, as a validator applies them (docs/compare.md "JSON Schema"): {@code type},
 * {@code enum} and {@code const}, the bounds, {@code pattern}, {@code properties} with the open or closed content
 * model ({@code additionalProperties}), {@code required}, {@code items}. Annotations ({@code title},
 * {@code description}, {@code default}, {@code examples}, {@code format}, ...) assert nothing and are skipped. A
 * change in any other keyword ({@code anyOf}, {@code $ref}, {@code not}, ...) is not judged: the result says so,
 * and the rules report it for review instead of a verdict. The walk follows the two documents' nesting; a budget of
 * a multiple of their size keeps it linear when one reader schema judges many writer properties.
 */
final class VerbatimSchemas {
    /** A narrowing, in the jsonschema consumer's words (without the prefix). */
    record Narrowing(String rule, Severity severity, String path, String message) {
    }

    /** The narrowings found, and whether some change could not be judged. */
    record Result(List<Narrowing> narrowings, boolean unjudged) {
    }

    private static final Set<String> ANNOTATIONS = Set.of("title", "description", "default", "examples",
            "$comment", "deprecated", "readOnly", "writeOnly", "format", "$schema", "$id", "id", "markdownDescription",
            "deprecationMessage", "contentMediaType", "contentEncoding");
    private static final Set<String> JUDGED = Set.of("type", "enum", "const", "properties", "additionalProperties",
            "required", "items", "pattern", "maxLength", "minLength", "maximum", "minimum", "exclusiveMaximum",
            "exclusiveMinimum", "maxItems", "minItems", "maxProperties", "minProperties", "multipleOf",
            "uniqueItems");
    private static final List<String> UPPER = List.of("maxLength", "maximum", "exclusiveMaximum", "maxItems",
            "maxProperties");
    private static final List<String> LOWER = List.of("minLength", "minimum", "exclusiveMinimum", "minItems",
            "minProperties");

    private final List<Narrowing> out = new ArrayList<>();
    /** How a property newly declared where the writer's content model was open counts (the caller's option). */
    private final Severity openModelAddition;
    private boolean unjudged;
    /**
     * Keywords left to read. One writer schema is read once, but one reader {@code additionalProperties} may be
     * read against each writer property it now judges; the budget, a multiple of the two documents' size, keeps
     * the walk linear, and a walk that exceeds it is not judged.
     */
    private long budget;

    private VerbatimSchemas(long budget, Severity openModelAddition) {
        this.budget = budget;
        this.openModelAddition = openModelAddition;
    }

    /**
     * Whether {@code reader} accepts every instance {@code writer} accepts; {@code path} names the place, and
     * {@code openModelAddition} is the severity of a property the reader declares where the writer's content
     * model was open.
     */
    static Result compare(JsonNode reader, JsonNode writer, String path, Severity openModelAddition) {
        if (reader.equals(writer)) {
            return new Result(List.of(), false);
        }
        VerbatimSchemas v = new VerbatimSchemas(8L * (size(reader) + size(writer)) + 64, openModelAddition);
        v.schema(reader, writer, path);
        return new Result(List.copyOf(v.out), v.unjudged);
    }

    /** The number of nodes of a JSON document, counted without recursion. */
    private static long size(JsonNode root) {
        long n = 0;
        java.util.ArrayDeque<JsonNode> pending = new java.util.ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            JsonNode node = pending.pop();
            n++;
            node.forEach(pending::push);
        }
        return n;
    }

    private void schema(JsonNode reader, JsonNode writer, String path) {
        budget -= reader.size() + writer.size() + 1 + reader.path("enum").size() + writer.path("enum").size();
        if (budget < 0) {
            unjudged = true;
        }
        if (unjudged || isTrue(reader) || isFalse(writer)) {
            return; // the reader takes anything, or the writer took nothing (or the walk stops)
        }
        if (isFalse(reader)) {
            add("constraint-narrowed", Severity.ERROR, path, "The reader's schema refuses every instance");
            return;
        }
        if (!reader.isObject() || !(writer.isObject() || writer.isBoolean())) {
            unjudged = true; // not a schema: nothing to read
            return;
        }
        // the schema true takes anything, as the empty schema does
        JsonNode r = reader;
        JsonNode w = writer.isObject() ? writer : EMPTY;
        Set<String> keys = new LinkedHashSet<>();
        r.fieldNames().forEachRemaining(keys::add);
        w.fieldNames().forEachRemaining(keys::add);
        for (String k : keys) {
            if (!ANNOTATIONS.contains(k) && !JUDGED.contains(k) && !r.path(k).equals(w.path(k))) {
                unjudged = true;
                return; // a keyword this reading does not know changed: the rest would be a guess
            }
        }
        type(r, w, path);
        values(r, w, path);
        bounds(r, w, path);
        if (r.has("pattern") && !r.path("pattern").equals(w.path("pattern"))) {
            add("constraint-narrowed", Severity.ERROR, path, "pattern " + r.path("pattern") + " is new or changed");
        }
        if (r.path("uniqueItems").asBoolean(false) && !w.path("uniqueItems").asBoolean(false)) {
            add("constraint-narrowed", Severity.ERROR, path, "uniqueItems is new");
        }
        if (r.has("multipleOf") && !r.path("multipleOf").equals(w.path("multipleOf"))) {
            add("constraint-narrowed", Severity.ERROR, path, "multipleOf " + r.path("multipleOf") + " is new or"
                    + " changed");
        }
        properties(r, w, path);
        if (r.has("items") || w.has("items")) {
            JsonNode ri = r.has("items") ? r.get("items") : TRUE;
            JsonNode wi = w.has("items") ? w.get("items") : TRUE;
            if (ri.isArray() || wi.isArray()) {
                if (!ri.equals(wi)) {
                    unjudged = true;
                }
            } else {
                schema(ri, wi, path + ".items");
            }
        }
    }

    private void type(JsonNode r, JsonNode w, String path) {
        if (!r.has("type")) {
            return;
        }
        Set<String> rt = types(r.get("type"));
        Set<String> wt = w.has("type") ? types(w.get("type")) : Set.of("null", "boolean", "object", "array",
                "number", "string");
        List<String> lost = new ArrayList<>();
        for (String t : wt) {
            boolean taken = rt.contains(t) || t.equals("integer") && rt.contains("number");
            if (!taken) {
                lost.add(t);
            }
        }
        if (!lost.isEmpty()) {
            add(lost.equals(List.of("null")) ? "null-removed" : "type-narrowed", Severity.ERROR, path,
                    "The reader's type " + r.get("type") + " does not take the writer's " + lost);
        }
    }

    private void values(JsonNode r, JsonNode w, String path) {
        for (String k : List.of("enum", "const")) {
            if (!r.has(k)) {
                continue;
            }
            Set<JsonNode> allowed = new java.util.HashSet<>();
            if (k.equals("enum")) {
                r.get(k).forEach(allowed::add);
            } else {
                allowed.add(r.get(k));
            }
            JsonNode written = w.has("const") ? w.get("const") : null;
            List<JsonNode> sent = new ArrayList<>();
            if (written != null) {
                sent.add(written);
            } else if (w.has("enum")) {
                w.get("enum").forEach(sent::add);
            } else {
                add("constraint-narrowed", Severity.ERROR, path, k + " is new: the writer took any value");
                continue;
            }
            List<JsonNode> missing = sent.stream().filter(v -> !allowed.contains(v)).toList();
            if (!missing.isEmpty()) {
                add("enum-value-removed", Severity.ERROR, path, "The reader no longer takes " + missing);
            }
        }
    }

    private void bounds(JsonNode r, JsonNode w, String path) {
        for (String k : List.of("exclusiveMaximum", "exclusiveMinimum")) {
            if (r.path(k).isBoolean() || w.path(k).isBoolean()) {
                if (!r.path(k).equals(w.path(k))) {
                    unjudged = true; // draft-04's flag on the bound beside it
                }
            }
        }
        for (String k : UPPER) {
            if (r.has(k) && r.get(k).isNumber() && (!w.path(k).isNumber() || r.get(k).decimalValue()
                    .compareTo(w.get(k).decimalValue()) < 0)) {
                add(k.equals("maxItems") ? "items-narrowed" : "constraint-narrowed", Severity.ERROR, path, k + " "
                        + r.get(k) + (w.has(k) ? " below " + w.get(k) : " is new"));
            }
        }
        for (String k : LOWER) {
            if (r.has(k) && r.get(k).isNumber() && (!w.path(k).isNumber() || r.get(k).decimalValue()
                    .compareTo(w.get(k).decimalValue()) > 0)) {
                add(k.equals("minItems") ? "items-narrowed" : "constraint-narrowed", Severity.ERROR, path, k + " "
                        + r.get(k) + (w.has(k) ? " above " + w.get(k) : " is new"));
            }
        }
    }

    private void properties(JsonNode r, JsonNode w, String path) {
        JsonNode rp = r.path("properties");
        JsonNode wp = w.path("properties");
        JsonNode rAdditional = r.has("additionalProperties") ? r.get("additionalProperties") : TRUE;
        JsonNode wAdditional = w.has("additionalProperties") ? w.get("additionalProperties") : TRUE;
        budget -= rp.size() + wp.size() + r.path("required").size();
        if (budget < 0) {
            unjudged = true;
            return;
        }
        for (Iterator<String> it = wp.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (rp.has(name)) {
                schema(rp.get(name), wp.get(name), path + "." + name);
            } else if (isTrue(rAdditional)) {
                add("property-removed", Severity.WARNING, path + "." + name, "The reader no longer declares '" + name
                        + "'; its open content model still takes it");
            } else {
                // the reader's additionalProperties now judges the writer's property
                schema(rAdditional, wp.get(name), path + "." + name);
            }
        }
        for (Iterator<String> it = rp.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (wp.has(name) || isFalse(wAdditional)) {
                continue;
            }
            if (isTrue(wAdditional)) {
                if (!isTrue(rp.get(name))) {
                    add("property-added-to-open-model", openModelAddition, path + "." + name, "The writer's open"
                            + " content model accepted any value under '" + name + "'; the reader now constrains it");
                }
            } else {
                schema(rp.get(name), wAdditional, path + "." + name);
            }
        }
        if (!isTrue(rAdditional) && !rAdditional.equals(wAdditional)) {
            if (isFalse(rAdditional)) {
                add("additional-properties-closed", Severity.ERROR, path, "The reader refuses properties it does not"
                        + " declare; the writer's content model was open");
            } else if (!isFalse(wAdditional)) {
                schema(rAdditional, wAdditional, path + ".additionalProperties");
            }
        }
        Set<String> required = new LinkedHashSet<>();
        r.path("required").forEach(n -> required.add(n.asText()));
        w.path("required").forEach(n -> required.remove(n.asText()));
        for (String name : required) {
            add("required-added", Severity.ERROR, path + "." + name, "'" + name + "' is required now");
        }
    }

    private void add(String rule, Severity severity, String path, String message) {
        out.add(new Narrowing(rule, severity, path, message));
    }

    /** Whether an object schema asserts anything (a keyword other than annotations). */
    private static boolean asserts(JsonNode s) {
        for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
            if (!ANNOTATIONS.contains(it.next())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a schema accepts every instance: {@code true}, or an object of annotations only. */
    static boolean acceptsAnything(JsonNode schema) {
        return isTrue(schema);
    }

    private static Set<String> types(JsonNode t) {
        Set<String> out = new LinkedHashSet<>();
        if (t.isArray()) {
            t.forEach(n -> out.add(n.asText()));
        } else {
            out.add(t.asText());
        }
        return out;
    }

    private static final JsonNode TRUE = com.fasterxml.jackson.databind.node.BooleanNode.TRUE;
    private static final JsonNode EMPTY = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();

    private static boolean isTrue(JsonNode s) {
        return s.isBoolean() && s.asBoolean() || s.isObject() && !asserts(s);
    }

    private static boolean isFalse(JsonNode s) {
        return s.isBoolean() && !s.asBoolean();
    }
}
