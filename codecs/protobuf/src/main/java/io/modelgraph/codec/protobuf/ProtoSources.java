package io.modelgraph.codec.protobuf;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The files of one request. The schema text is one {@code .proto} file, or a JSON object of file name to file
 * text when files import each other (names as the imports spell them, such as {@code "acme/v1/order.proto"}).
 * Imports resolve among those files first, then among the bundled well-known types; anything else is an error at
 * the import. Request files become the model; imported bundled files only lend their types.
 */
final class ProtoSources {
    private static final String BUNDLED = "/io/modelgraph/codec/protobuf/wkt/";
    private static final Set<String> BUNDLED_FILES = Set.of("google/protobuf/any.proto",
            "google/protobuf/duration.proto", "google/protobuf/empty.proto", "google/protobuf/field_mask.proto",
            "google/protobuf/source_context.proto", "google/protobuf/struct.proto",
            "google/protobuf/timestamp.proto", "google/protobuf/wrappers.proto", "google/protobuf/descriptor.proto");

    /** Parsed files by name, request files first (in the order sent), then imported bundled files. */
    final Map<String, ProtoAst.File> files = new LinkedHashMap<>();
    final Set<String> requestFiles;

    private ProtoSources(Map<String, String> request) throws SchemaSyntaxException {
        this.requestFiles = request.keySet();
        for (Map.Entry<String, String> f : request.entrySet()) {
            files.put(f.getKey(), ProtoParser.parse(f.getValue(), f.getKey()));
        }
        Deque<ProtoAst.File> pending = new ArrayDeque<>(files.values());
        while (!pending.isEmpty()) {
            ProtoAst.File file = pending.pop();
            for (ProtoAst.Import i : file.imports()) {
                if (files.containsKey(i.path())) {
                    continue;
                }
                if (!BUNDLED_FILES.contains(i.path())) {
                    throw new SchemaSyntaxException(i.where(), "Import '" + i.path() + "' is neither a file of this"
                            + " request nor a bundled well-known type; send it in the request as a JSON object of"
                            + " file name to text (" + i.where() + ").");
                }
                ProtoAst.File loaded = ProtoParser.parse(bundled(i.path()), i.path());
                files.put(i.path(), loaded);
                pending.push(loaded);
            }
        }
    }

    static ProtoSources read(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The protobuf document is empty.");
        }
        Map<String, String> request = new LinkedHashMap<>();
        if (text.stripLeading().startsWith("{")) {
            JsonNode bundle = JsonSchemaText.parse(text);
            if (!bundle.isObject() || bundle.isEmpty()) {
                throw new SchemaSyntaxException("$", "A protobuf bundle is a JSON object of file name to file text.");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = bundle.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!f.getValue().isTextual()) {
                    throw new SchemaSyntaxException("$." + f.getKey(), "The value of '" + f.getKey()
                            + "' is not the file's text (a string).");
                }
                request.put(f.getKey(), f.getValue().asText());
            }
        } else {
            request.put("", text);
        }
        return new ProtoSources(request);
    }

    private static String bundled(String path) {
        try (InputStream in = ProtoSources.class.getResourceAsStream(BUNDLED + path)) {
            if (in == null) {
                throw new IllegalStateException("Bundled file missing: " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read bundled " + path, e);
        }
    }
}
