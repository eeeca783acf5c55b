package io.modelgraph.codec.linkml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * LinkML YAML in and out. Reading is bounded (size, nesting depth, code points) and refuses aliases: Jackson does
 * not expand them but turns {@code *x} into the string {@code x}, a silent misreading, so the event stream is
 * checked with {@link YAMLParser#isCurrentAlias()} before the tree is built. A text may hold several documents
 * ({@code ---}): the first is the schema, the others are schemas it imports. Mappers are built on first use.
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
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                .build();
        YAMLMapper m = new YAMLMapper(factory);
        m.disable(SerializationFeature.INDENT_OUTPUT);
        return m;
    }

    /** The documents of the text, in order; errors name {@code line L, column C}. */
    static List<JsonNode> read(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        refuseAliases(text);
        List<JsonNode> docs = new ArrayList<>();
        try (JsonParser p = Holder.MAPPER.createParser(text)) {
            while (p.nextToken() != null) {
                JsonNode doc = Holder.MAPPER.readTree(p);
                if (doc != null && !doc.isMissingNode() && !doc.isNull()) {
                    docs.add(doc);
                }
            }
        } catch (JsonProcessingException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "Malformed YAML: " + e.getOriginalMessage());
        } catch (IOException | RuntimeException e) {
            // SnakeYAML reports its own limits (code points, nesting) as unchecked exceptions
            throw new SchemaSyntaxException("$", "The YAML document is refused: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The YAML document nests too deeply.");
        }
        if (docs.isEmpty()) {
            throw new SchemaSyntaxException("$", "The LinkML document is empty.");
        }
        return docs;
    }

    private static void refuseAliases(String text) throws SchemaSyntaxException {
        try (JsonParser p = Holder.MAPPER.createParser(text)) {
            while (p.nextToken() != null) {
                if (((YAMLParser) p).isCurrentAlias()) {
                    throw new SchemaSyntaxException(where(p.currentTokenLocation()), "YAML aliases ('*" + p.getText()
                            + "') are not accepted in LinkML schemas: write the value out.");
                }
            }
        } catch (JsonProcessingException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "Malformed YAML: " + e.getOriginalMessage());
        } catch (IOException | RuntimeException e) {
            throw new SchemaSyntaxException("$", "The YAML document is refused: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The YAML document nests too deeply.");
        }
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

    private static String where(JsonLocation l) {
        return l == null || l.getLineNr() < 1 ? "$" : "line " + l.getLineNr() + ", column " + l.getColumnNr();
    }

    private LinkMlYaml() {
    }
}
