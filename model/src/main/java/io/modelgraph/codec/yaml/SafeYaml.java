package io.modelgraph.codec.yaml;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.io.IOException;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * The one YAML reader of every YAML format (odm blocks, odcs, osi, linkml). SnakeYAML is bounded: a code point cap,
 * a nesting cap, no recursive or duplicate keys, no global tags (no custom type construction). Jackson never
 * expands aliases (it silently reads {@code *x} as the string {@code x}, a misreading), so every alias is refused.
 * Timestamps stay strings: Jackson's YAML parser reports unquoted dates as text, never as date objects.
 *
 * <p>jackson-dataformat-yaml is an optional dependency of common: only functions that carry a YAML codec ship it.
 */
public final class SafeYaml {
    private static final ObjectMapper MAPPER = build();
    private static final ObjectMapper WRITER = YAMLMapper.builder(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build()).build();
    private static final Set<String> CORE_TAGS = Set.of("str", "int", "float", "bool", "null", "map", "seq").stream()
            .map(t -> "tag:yaml.org,2002:" + t).collect(Collectors.toSet());

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

    /** Parses a whole YAML document; {@code what} names it in messages ("YAML document", "YAML schema block"). */
    public static JsonNode read(String yaml, String what) throws SchemaSyntaxException {
        return read(yaml, 1, what);
    }

    /**
     * Parses YAML that starts on line {@code firstLine} of the caller's text (so positions point into that text);
     * a negative {@code firstLine} reports only {@code $}.
     */
    public static JsonNode read(String yaml, int firstLine, String what) throws SchemaSyntaxException {
        ParserLimits.checkSize(yaml);
        try {
            refuseAliasesAndTags(yaml, firstLine, what);
            JsonNode node = MAPPER.readTree(yaml);
            return node == null ? MAPPER.createObjectNode() : node;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null || e.getLocation().getLineNr() < 0 || firstLine < 0 ? "$"
                    : "line " + (firstLine + e.getLocation().getLineNr() - 1) + ", column "
                            + e.getLocation().getColumnNr();
            throw new SchemaSyntaxException(where, "Malformed " + what + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + firstLine, "Unreadable " + what + ": "
                    + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            // SnakeYAML reports its own limits (aliases, code points, nesting) as unchecked exceptions.
            throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + firstLine, what + " refused: "
                    + (e.getMessage() == null ? "nested too deeply" : e.getMessage()));
        }
    }

    /** Writes a tree as block-style YAML with quotes only where needed. */
    public static String write(JsonNode tree) {
        try {
            return WRITER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A JSON tree always serializes", e);
        }
    }

    private static void refuseAliasesAndTags(String yaml, int firstLine, String what)
            throws IOException, SchemaSyntaxException {
        int aliases = 0;
        try (JsonParser p = MAPPER.createParser(yaml)) {
            while (p.nextToken() != null) {
                if (p instanceof YAMLParser && ((YAMLParser) p).isCurrentAlias()) {
                    aliases++;
                    String where = position(p, firstLine);
                    if (aliases > ParserLimits.MAX_YAML_ALIASES) {
                        throw new SchemaSyntaxException(where, "The " + what + " uses more than "
                                + ParserLimits.MAX_YAML_ALIASES + " aliases; refused.");
                    }
                    throw new SchemaSyntaxException(where, "YAML aliases ('*" + p.getText() + "') are not supported"
                            + " in a " + what + "; write the value out.");
                }
                String tag = p.getTypeId() == null ? null : p.getTypeId().toString();
                if (tag != null && !CORE_TAGS.contains(tag)) {
                    throw new SchemaSyntaxException(position(p, firstLine), "YAML tag '" + tag
                            + "' is not allowed in a " + what + ".");
                }
            }
        }
    }

    private static String position(JsonParser p, int firstLine) {
        if (firstLine < 0) {
            return "$";
        }
        return "line " + (firstLine + p.currentLocation().getLineNr() - 1) + ", column "
                + p.currentLocation().getColumnNr();
    }

    private SafeYaml() {
    }
}
