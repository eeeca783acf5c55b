package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.StrictJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Protocol;
import org.apache.avro.Schema;

/**
 * Turns request text into parsed Avro documents. The text is one schema, one protocol (an object with
 * {@code protocol}), or a bundle: a JSON object of file name to document (a string holding the file's text, or
 * the JSON itself), for schemas that name types defined in another file. All schemas of a request share one
 * {@link Schema.Parser}; files are parsed in an order where every name is defined before use. The JSON is read
 * first by the bounded reader so syntax errors carry line and column; Avro's own semantic errors carry no
 * position, so {@link ErrorPaths} finds the JSON path they are about.
 */
final class AvroInput {
    /**
     * The nesting depth Avro's own {@link Schema.Parser} reads: it parses with Jackson's default stream
     * constraints, so a schema nested deeper than this is refused by Avro itself, and one up to it is valid Avro
     * (a named type defined inline at its first use nests three JSON levels per record, docs/formats/avro.md).
     */
    static final int MAX_DEPTH = com.fasterxml.jackson.core.StreamReadConstraints.DEFAULT_MAX_DEPTH;

    // defaults such as 0.10 are kept as written
    private static final StrictJson READER = StrictJson.exactDecimals(MAX_DEPTH);

    record Document(String file, JsonNode json, Optional<Schema> schema, Optional<Protocol> protocol) {
    }

    record Parsed(List<Document> documents) {
    }

    private record Source(String file, JsonNode json) {
    }

    static Parsed parse(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The Avro document is empty.");
        }
        JsonNode top = READER.parse(text, "The Avro document is empty.");
        List<Source> sources = new ArrayList<>();
        if (isBundle(top)) {
            if (top.isEmpty()) {
                throw new SchemaSyntaxException("$", "The bundle names no file.");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = top.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> file = it.next();
                JsonNode json = file.getValue();
                if (json.isTextual() && looksLikeJsonText(json.asText())) {
                    try {
                        json = READER.parse(json.asText(), "The file is empty.");
                    } catch (SchemaSyntaxException e) {
                        throw new SchemaSyntaxException(file.getKey() + ": " + e.path(), e.getMessage());
                    }
                }
                sources.add(new Source(file.getKey(), json));
            }
        } else {
            sources.add(new Source("", top));
        }
        try {
            return new Parsed(parseInOrder(sources));
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The schema nests too deeply.");
        }
    }

    /** Attributes of a schema: an object with one of them is a (maybe broken) schema, never a bundle. */
    private static final java.util.Set<String> SCHEMA_ATTRIBUTES = java.util.Set.of("type", "protocol", "name",
            "namespace", "fields", "symbols", "items", "values", "size", "doc", "aliases", "types", "messages");

    /** A bundle is an object none of whose members is a schema attribute. */
    private static boolean isBundle(JsonNode top) {
        if (!top.isObject()) {
            return false;
        }
        for (Iterator<String> names = top.fieldNames(); names.hasNext(); ) {
            if (SCHEMA_ATTRIBUTES.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    /** A string member holding a file's text, as opposed to a schema that is just a type name like "int". */
    private static boolean looksLikeJsonText(String s) {
        String t = s.strip();
        return t.startsWith("{") || t.startsWith("[") || t.startsWith("\"");
    }

    /**
     * Parses schemas with one shared parser. A file that names a type of a later file is moved behind it and the
     * pass restarts with a fresh parser (a failed parse may leave names behind), at most once per pair.
     */
    private static List<Document> parseInOrder(List<Source> sources) throws SchemaSyntaxException {
        List<Source> order = new ArrayList<>(sources);
        int budget = sources.size() * sources.size() + 1;
        while (true) {
            Schema.Parser parser = new Schema.Parser();
            List<Document> out = new ArrayList<>();
            int failedAt = -1;
            SchemaSyntaxException failure = null;
            for (int i = 0; i < order.size() && failedAt < 0; i++) {
                Source source = order.get(i);
                try {
                    out.add(parseOne(parser, source));
                } catch (AvroRuntimeException | IllegalArgumentException | NullPointerException e) {
                    failedAt = i;
                    failure = located(source, e);
                }
            }
            if (failedAt < 0) {
                return reorderAsSent(out, sources);
            }
            boolean undefinedName = String.valueOf(failure.getMessage()).contains("Undefined schema")
                    || String.valueOf(failure.getMessage()).contains("not a defined name");
            if (!undefinedName || failedAt == order.size() - 1 || --budget <= 0) {
                throw failure;
            }
            order.add(order.remove(failedAt));
        }
    }

    private static Document parseOne(Schema.Parser parser, Source source) {
        if (source.json().isObject() && source.json().has("protocol")) {
            Protocol protocol = Protocol.parse(source.json().toString());
            return new Document(source.file(), source.json(), Optional.empty(), Optional.of(protocol));
        }
        Schema schema = parser.parse(source.json().toString());
        return new Document(source.file(), source.json(), Optional.of(schema), Optional.empty());
    }

    private static List<Document> reorderAsSent(List<Document> parsed, List<Source> sources) {
        List<Document> out = new ArrayList<>();
        for (Source s : sources) {
            parsed.stream().filter(d -> d.file().equals(s.file())).findFirst().ifPresent(out::add);
        }
        return out;
    }

    private static SchemaSyntaxException located(Source source, RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String path = ErrorPaths.find(source.json(), message);
        String where = source.file().isEmpty() ? path : source.file() + ": " + path;
        return new SchemaSyntaxException(where, "Invalid Avro schema at " + where + ": " + message);
    }

    private AvroInput() {
    }
}
