package io.modelgraph.codec.odm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads the YAML blocks of entity documents. SnakeYAML is bounded: at most {@link ParserLimits#MAX_YAML_ALIASES}
 * aliases (billion-laughs guard), no recursive keys, no global tags (no custom type construction), a code point
 * cap and a nesting cap; Jackson's stream constraints bound numbers and strings on top.
 */
final class OdmYaml {
    private static final ObjectMapper MAPPER = build();
    private static final java.util.Set<String> CORE_TAGS = java.util.Set.of("str", "int", "float", "bool", "null",
            "map", "seq").stream().map(t -> "tag:yaml.org,2002:" + t).collect(java.util.stream.Collectors.toSet());

    private static ObjectMapper build() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(ParserLimits.MAX_YAML_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit(ParserLimits.MAX_INPUT_CHARS);
        options.setNestingDepthLimit(ParserLimits.MAX_DEPTH);
        options.setTagInspector(tag -> false);
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(ParserLimits.MAX_DEPTH)
                        .maxNumberLength(400)
                        .maxStringLength(ParserLimits.MAX_INPUT_CHARS)
                        .build())
                .build();
        return YAMLMapper.builder(factory).enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    }

    /** Parses one block; {@code firstLine} is the Markdown line the block's content starts on, for messages. */
    static JsonNode read(String yaml, int firstLine) throws SchemaSyntaxException {
        try {
            refuseTags(yaml, firstLine);
            JsonNode node = MAPPER.readTree(yaml);
            return node == null ? MAPPER.createObjectNode() : node;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null || e.getLocation().getLineNr() < 0 || firstLine < 0 ? "$"
                    : "line " + (firstLine + e.getLocation().getLineNr() - 1) + ", column "
                            + e.getLocation().getColumnNr();
            throw new SchemaSyntaxException(where, "Malformed YAML schema block: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + firstLine, "Unreadable YAML schema block: "
                    + e.getMessage());
        } catch (RuntimeException e) {
            // SnakeYAML reports its own limits (aliases, code points, nesting) as unchecked exceptions.
            throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + firstLine,
                    "YAML schema block refused: " + e.getMessage());
        }
    }

    /**
     * Jackson reads YAML as events: it never constructs tagged Java types and never expands aliases (an alias
     * would come out as the anchor's name, a silent misreading). So a tag other than the YAML core schema's is
     * refused, and so is any alias: beyond {@link ParserLimits#MAX_YAML_ALIASES} as hostile, below as unsupported.
     */
    private static void refuseTags(String yaml, int firstLine) throws java.io.IOException, SchemaSyntaxException {
        int aliases = 0;
        try (JsonParser p = MAPPER.createParser(yaml)) {
            while (p.nextToken() != null) {
                if (p instanceof YAMLParser && ((YAMLParser) p).isCurrentAlias()) {
                    aliases++;
                    int line = firstLine < 0 ? -1 : firstLine + p.currentLocation().getLineNr() - 1;
                    if (aliases > ParserLimits.MAX_YAML_ALIASES) {
                        throw new SchemaSyntaxException(line < 0 ? "$" : "line " + line, "The YAML block uses more"
                                + " than " + ParserLimits.MAX_YAML_ALIASES + " aliases; refused.");
                    }
                    throw new SchemaSyntaxException(line < 0 ? "$" : "line " + line, "YAML aliases ('*"
                            + p.getText() + "') are not supported in schema blocks; write the schema out.");
                }
                String tag = p.getTypeId() == null ? null : p.getTypeId().toString();
                if (tag != null && !CORE_TAGS.contains(tag)) {
                    int line = p.currentLocation().getLineNr();
                    throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + (firstLine + line - 1),
                            "YAML tag '" + tag + "' is not allowed in a schema block.");
                }
            }
        }
    }

    private OdmYaml() {
    }
}
