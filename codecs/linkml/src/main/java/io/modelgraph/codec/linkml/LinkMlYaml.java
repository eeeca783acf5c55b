package io.modelgraph.codec.linkml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.yaml.SafeYaml;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * LinkML YAML in and out. Reading goes through {@link SafeYaml} (bounded, aliases refused, YAML 1.2 core-schema
 * scalars). A text may hold several documents ({@code ---}) or a bundle of files: the first is the schema, the
 * others are schemas it imports. The writer is built on first use.
 */
final class LinkMlYaml {
    private static final class Holder {
        static final YAMLMapper MAPPER = build();
    }

    private static YAMLMapper build() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(ParserLimits.MAX_YAML_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit(ParserLimits.MAX_INPUT_CHARS);
        options.setNestingDepthLimit(ParserLimits.MAX_DEPTH);
        YAMLFactory factory = YAMLFactory.builder().loaderOptions(options)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(ParserLimits.MAX_DEPTH)
                        .maxNumberLength(400).maxStringLength(ParserLimits.MAX_INPUT_CHARS).build())
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                // a name or description such as 0 or 1.10 stays a string: the metamodel wants strings there
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                .build();
        YAMLMapper m = new YAMLMapper(factory);
        m.disable(SerializationFeature.INDENT_OUTPUT);
        return m;
    }

    /** One schema document of a request, with the file name it came under ("" in a {@code ---} join). */
    record Document(String file, JsonNode json) {
    }

    /**
     * The documents of the text, in order; errors name {@code line L, column C}. The text is a YAML stream whose
     * first document is the schema and whose further documents ({@code ---}) are schemas it imports, or a bundle:
     * a JSON or YAML mapping of file name to file text, the importing schema first, so that an import names a
     * file the way LinkML does (docs/fidelity.md). Scalars follow the YAML 1.2 core schema ({@link SafeYaml}).
     */
    static List<Document> read(String text) throws SchemaSyntaxException {
        List<JsonNode> stream = SafeYaml.readAll(text, "YAML document");
        List<Document> docs = new ArrayList<>();
        if (stream.size() == 1 && isBundle(stream.get(0))) {
            for (Iterator<Map.Entry<String, JsonNode>> it = stream.get(0).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> file = it.next();
                try {
                    for (JsonNode d : SafeYaml.readAll(file.getValue().asText(), "YAML document")) {
                        docs.add(new Document(file.getKey(), d));
                    }
                } catch (SchemaSyntaxException e) {
                    throw new SchemaSyntaxException(file.getKey() + ": " + e.path(), e.getMessage());
                }
            }
        } else {
            stream.forEach(d -> docs.add(new Document("", d)));
        }
        if (docs.isEmpty()) {
            throw new SchemaSyntaxException("$", "The LinkML document is empty.");
        }
        return docs;
    }

    /** A mapping of file names to texts: every value a string, and no key a schema's own. */
    private static boolean isBundle(JsonNode top) {
        if (!top.isObject() || top.isEmpty()) {
            return false;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = top.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getValue().isTextual() || LinkMlDecoding.SCHEMA_KEYS.contains(f.getKey())) {
                return false;
            }
        }
        return true;
    }

    static String write(JsonNode doc) {
        try {
            return Holder.MAPPER.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree built in memory always serialises", e);
        }
    }

    static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    private LinkMlYaml() {
    }
}
