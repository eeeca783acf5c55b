package io.modelgraph.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The edge check every caller string passes before an operation runs, so that no caller value reaches a store key
 * or a parser unchecked: identifiers (path parameters, and query parameters and top-level body members whose
 * declared name is {@code id}, {@code …Id}, {@code …Ids} or {@code spaces}) and names that become keys ({@code projectName}) are
 * bounded in UTF-8 bytes and free of control characters; every other query parameter and top-level body string
 * that is not a document is bounded in characters; no string anywhere in a JSON body holds a lone UTF-16
 * surrogate (it cannot be stored or written back as UTF-8), and every path parameter is percent-encoded UTF-8.
 * Each refusal is a 400 naming the member.
 * The bounds leave room in DynamoDB's 1,024-byte sort key for a prefix and more than one caller value; see
 * docs/reliability.md.
 */
public final class CallerStrings {
    /** The most UTF-8 bytes of an identifier: the graph's own ids are at most 128 ASCII characters. */
    public static final int MAX_ID_BYTES = 256;
    /** The most UTF-8 bytes of a name that becomes part of a key. */
    public static final int MAX_NAME_BYTES = 512;
    /** Declared member names that are keys without being spelled like identifiers. */
    private static final Set<String> KEY_NAMES = Set.of("projectname");
    /** Declared member names that list identifiers without being spelled like them (the transform's spaces). */
    private static final Set<String> ID_NAMES = Set.of("spaces");
    /**
     * The most characters of any other caller string that is not a document: labels, format and role names,
     * modes. The longest such string the API documents is a label of 1,000 characters.
     */
    public static final int MAX_TEXT_CHARS = 1_000;
    /** The most UTF-8 bytes of a paging token: it carries a sort key (at most 1,024 bytes), escaped and signed. */
    public static final int MAX_TOKEN_BYTES = 8_192;
    /**
     * Members whose value is a document handed to a parser (a schema text, JSON text, Markdown): bounded by the
     * request size and the parse deadline instead. Also values the graph stores as given (a relation's value).
     */
    private static final Set<String> DOCUMENT_NAMES = Set.of("sourcedtos", "jsonstring", "json", "markdown",
            "sourceschema", "schema", "base", "candidate", "targethintschema", "value", "artifacts", "mapping",
            "plan", "extra", "context", "classes", "properties");
    private static final Set<String> TOKEN_NAMES = Set.of("pagingtoken");

    private CallerStrings() {
    }

    /** Throws a 400 naming the first caller string that breaks a rule; {@code open} routes skip the body rules. */
    static void check(ApiRequest request, Route route) {
        RouteInputs inputs = route.inputs();
        EnvelopeStyle style = route.style();
        route.undecodable(request.path()).ifPresent(name -> {
            throw ApiProblem.badRequest("path." + name, "Path parameter '" + name + "' is not valid "
                    + "percent-encoded UTF-8. Nothing was done.");
        });
        request.query().invalidEncoding().ifPresent(name -> {
            throw ApiProblem.badRequest("query." + name, "Query parameter '" + name + "' is not valid "
                    + "percent-encoded UTF-8. Nothing was done.");
        });
        for (Map.Entry<String, String> p : request.pathParams().entrySet()) {
            checkKey("path." + p.getKey(), "Path parameter '" + p.getKey() + "'", p.getValue(), MAX_ID_BYTES);
        }
        for (String name : request.query().names()) {
            int limit = limit(declared(name, inputs.query()));
            for (String value : request.query().all(name)) {
                checkText("query." + name, "Query parameter '" + name + "'", value);
                if (limit > 0 && plural(declared(name, inputs.query()))) {
                    // a list parameter may come comma-joined in one value: each identifier is bounded, not the list
                    String[] items = value.split(",", -1);
                    for (int i = 0; i < items.length; i++) {
                        checkKey("query." + name, "Query parameter '" + name + "' item " + i, items[i].strip(),
                                limit);
                    }
                } else if (limit > 0) {
                    checkKey("query." + name, "Query parameter '" + name + "'", value, limit);
                } else {
                    checkLength("query." + name, "Query parameter '" + name + "'", name, value);
                }
            }
        }
        if (inputs.open() || !request.hasBody()) {
            return;
        }
        JsonNode body = request.jsonBody();
        String prefix = style == EnvelopeStyle.TRANSFORM ? "" : "body.";
        Lone lone = firstLone(body);
        if (lone != null) {
            String path = style == EnvelopeStyle.TRANSFORM ? lone.path.replaceFirst("^\\.", "") : "body" + lone.path;
            checkText(path.isEmpty() ? "body" : path, lone.name ? "The member name '" + lone.text + "'"
                    : "The string at " + (path.isEmpty() ? "the body" : path), lone.text);
        }
        if (!body.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> member = it.next();
            int limit = limit(declared(member.getKey(), inputs.body()));
            JsonNode value = member.getValue();
            String path = prefix + member.getKey();
            if (limit == 0) {
                textMember(path, member.getKey(), value);
                continue;
            }
            if (value.isTextual()) {
                checkKey(path, "'" + member.getKey() + "'", value.textValue(), limit);
            } else if (value.isArray()) {
                for (int i = 0; i < value.size(); i++) {
                    if (value.get(i).isTextual()) {
                        checkKey(path + "[" + i + "]", "'" + member.getKey() + "[" + i + "]'", value.get(i).textValue(),
                                limit);
                    }
                }
            }
        }
    }

    /** The route's own spelling of a name the caller sent (names match case-insensitively). */
    private static String declared(String given, List<String> known) {
        for (String k : known) {
            if (k.equalsIgnoreCase(given)) {
                return k;
            }
        }
        return given;
    }

    /** The byte bound of a declared name: identifiers and key names have one; 0 for any other member. */
    static int limit(String name) {
        if (name.equalsIgnoreCase("id") || name.equalsIgnoreCase("ids") || name.endsWith("Id")
                || name.endsWith("Ids") || name.endsWith("ID") || name.endsWith("IDs")
                || ID_NAMES.contains(name.toLowerCase(java.util.Locale.ROOT))) {
            return MAX_ID_BYTES;
        }
        return KEY_NAMES.contains(name.toLowerCase(java.util.Locale.ROOT)) ? MAX_NAME_BYTES : 0;
    }

    /** Whether a declared name lists identifiers ({@code NodeIds}, {@code SpaceIds}, {@code spaces}). */
    private static boolean plural(String name) {
        return name.equalsIgnoreCase("ids") || name.endsWith("Ids") || name.endsWith("IDs")
                || ID_NAMES.contains(name.toLowerCase(java.util.Locale.ROOT));
    }

    /** A member that is neither an identifier nor a key name: its strings are bounded unless it is a document. */
    private static void textMember(String path, String name, JsonNode value) {
        if (value.isTextual()) {
            checkLength(path, "'" + name + "'", name, value.textValue());
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                if (value.get(i).isTextual()) {
                    checkLength(path + "[" + i + "]", "'" + name + "[" + i + "]'", name, value.get(i).textValue());
                }
            }
        }
    }

    /** Bounds a string that is not an identifier: documents go to a parser with its own deadline instead. */
    private static void checkLength(String path, String what, String name, String value) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (DOCUMENT_NAMES.contains(lower)) {
            return;
        }
        if (TOKEN_NAMES.contains(lower)) {
            int bytes = value.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_TOKEN_BYTES) {
                throw ApiProblem.badRequest(path, what + " is " + bytes + " bytes long (UTF-8); the limit is "
                        + MAX_TOKEN_BYTES + " bytes. Nothing was done.");
            }
            return;
        }
        // a cheap first test: a string of at most MAX_TEXT_CHARS UTF-16 units has at most that many characters
        if (value.length() > MAX_TEXT_CHARS && value.codePointCount(0, value.length()) > MAX_TEXT_CHARS) {
            throw ApiProblem.badRequest(path, what + " is " + value.codePointCount(0, value.length())
                    + " characters long; the limit is " + MAX_TEXT_CHARS + " characters. Nothing was done.");
        }
    }

    private static void checkKey(String path, String what, String value, int maxBytes) {
        checkText(path, what, value);
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > maxBytes) {
            throw ApiProblem.badRequest(path, what + " is " + bytes + " bytes long (UTF-8); the limit is " + maxBytes
                    + " bytes. Nothing was done.");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw ApiProblem.badRequest(path, what + " holds the control character U+"
                        + String.format("%04X", (int) c) + " at position " + i + "; identifiers and names may "
                        + "not. Nothing was done.");
            }
        }
    }

    private static void checkText(String path, String what, String value) {
        int at = loneSurrogate(value);
        if (at >= 0) {
            throw ApiProblem.badRequest(path, what + " holds a lone UTF-16 surrogate (U+"
                    + String.format("%04X", (int) value.charAt(at)) + ") at position " + at
                    + ", which is not a character. Nothing was done.");
        }
    }

    /** A member name or string holding a lone surrogate, and its path in the body, built on the way back to it. */
    private static final class Lone {
        private final String text;
        private final boolean name;
        private String path;

        private Lone(String text, boolean name, String path) {
            this.text = text;
            this.name = name;
            this.path = path;
        }
    }

    /** The first member name or string of a JSON body that holds a lone surrogate; null when none does. */
    private static Lone firstLone(JsonNode node) {
        if (node.isTextual()) {
            return loneSurrogate(node.textValue()) >= 0 ? new Lone(node.textValue(), false, "") : null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Lone found = firstLone(node.get(i));
                if (found != null) {
                    found.path = "[" + i + "]" + found.path;
                    return found;
                }
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> member = it.next();
                Lone found = loneSurrogate(member.getKey()) >= 0 ? new Lone(member.getKey(), true, "")
                        : firstLone(member.getValue());
                if (found != null) {
                    found.path = "." + member.getKey() + found.path;
                    return found;
                }
            }
        }
        return null;
    }

    /** The index of the first unpaired surrogate, or -1. */
    static int loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            } else if (Character.isLowSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
