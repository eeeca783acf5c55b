package io.modelgraph.codec.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * The one YAML reader of every YAML format (odm blocks, odcs, osi, linkml). It reads SnakeYAML's event stream and
 * builds the JSON tree itself, so scalars resolve by the YAML 1.2 core schema rather than YAML 1.1 (where
 * {@code YES} is a boolean and {@code 012} octal; docs/fidelity.md). Bounded: a code point cap, a nesting cap, no
 * duplicate keys, no collection keys, no tags outside the core schema (no custom type construction), no aliases
 * (each is refused with its position; expanding them invites billion-laughs inputs). Timestamps stay strings.
 *
 * <p>jackson-dataformat-yaml is an optional dependency of common: only functions that carry a YAML codec ship it.
 */
public final class SafeYaml {
    private static final ObjectMapper WRITER = YAMLMapper.builder(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build()).build();
    private static final String CORE_PREFIX = "tag:yaml.org,2002:";
    private static final Set<String> CORE_TAGS = Set.of("str", "int", "float", "bool", "null", "map", "seq").stream()
            .map(t -> CORE_PREFIX + t).collect(Collectors.toSet());
    private static final JsonNodeFactory FACTORY = JsonNodeFactory.withExactBigDecimals(true);

    /** Parses a whole YAML document; {@code what} names it in messages ("YAML document", "YAML schema block"). */
    public static JsonNode read(String yaml, String what) throws SchemaSyntaxException {
        return read(yaml, 1, what);
    }

    /**
     * Parses YAML that starts on line {@code firstLine} of the caller's text (so positions point into that text);
     * a negative {@code firstLine} reports only {@code $}. Plain scalars resolve by the YAML 1.2 core schema
     * (docs/fidelity.md): only {@code true}/{@code false} are booleans, {@code 012} is twelve, {@code 0o12} and
     * {@code 0x1F} are the only other bases, {@code 1.10} keeps its written digits, and {@code YES}, {@code on},
     * {@code 1:20} stay strings. The first document of a stream is read.
     */
    public static JsonNode read(String yaml, int firstLine, String what) throws SchemaSyntaxException {
        ParserLimits.checkSize(yaml);
        try {
            JsonNode node = new TreeBuilder(new ParserImpl(new StreamReader(yaml), loaderOptions()), firstLine, what)
                    .document();
            return node == null ? FACTORY.objectNode() : node;
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String where = mark == null || firstLine < 0 ? "$" : at(mark, firstLine);
            throw new SchemaSyntaxException(where, "Malformed " + what + ": " + (e.getContext() == null ? ""
                    : e.getContext() + ", ") + e.getProblem());
        } catch (RuntimeException | StackOverflowError e) {
            // SnakeYAML reports its own limits (code points, nesting) as unchecked exceptions.
            throw new SchemaSyntaxException(firstLine < 0 ? "$" : "line " + firstLine, what + " refused: "
                    + (e.getMessage() == null ? "nested too deeply" : e.getMessage()));
        }
    }

    /**
     * Every document of a YAML stream ({@code ---} separated), by the same rules as {@link #read(String, int,
     * String)}; empty and null documents are left out.
     */
    public static List<JsonNode> readAll(String yaml, String what) throws SchemaSyntaxException {
        ParserLimits.checkSize(yaml);
        try {
            TreeBuilder builder = new TreeBuilder(new ParserImpl(new StreamReader(yaml), loaderOptions()), 1, what);
            List<JsonNode> docs = new ArrayList<>();
            while (!builder.ended) {
                JsonNode node = builder.document();
                if (node != null && !node.isNull()) {
                    docs.add(node);
                }
            }
            return docs;
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new SchemaSyntaxException(mark == null ? "$" : at(mark, 1), "Malformed " + what + ": "
                    + (e.getContext() == null ? "" : e.getContext() + ", ") + e.getProblem());
        } catch (RuntimeException | StackOverflowError e) {
            throw new SchemaSyntaxException("$", what + " refused: " + (e.getMessage() == null ? "nested too deeply"
                    : e.getMessage()));
        }
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(ParserLimits.MAX_YAML_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit(ParserLimits.MAX_INPUT_CHARS);
        options.setNestingDepthLimit(ParserLimits.MAX_DEPTH);
        options.setTagInspector(tag -> false);
        return options;
    }

    private static String at(Mark mark, int firstLine) {
        return "line " + (firstLine + mark.getLine()) + ", column " + (mark.getColumn() + 1);
    }

    /**
     * Builds the JSON tree of the first document from SnakeYAML's events, iteratively (an explicit stack, so depth
     * costs no Java stack): aliases, tags outside the core schema, duplicate keys and collections as keys are
     * refused with their position.
     */
    private static final class TreeBuilder {
        private final ParserImpl parser;
        private final int firstLine;
        private final String what;
        private final Deque<JsonNode> open = new ArrayDeque<>();
        private final Deque<String> pendingKeys = new ArrayDeque<>();
        /** For each open mapping, whether its next scalar is a key. */
        private final Deque<boolean[]> expectKey = new ArrayDeque<>();
        /** Whether the stream has ended (no further document). */
        private boolean ended;

        TreeBuilder(ParserImpl parser, int firstLine, String what) {
            this.parser = parser;
            this.firstLine = firstLine;
            this.what = what;
        }

        JsonNode document() throws SchemaSyntaxException {
            JsonNode root = null;
            while (true) {
                Event e = parser.getEvent();
                switch (e.getEventId()) {
                    case StreamStart, DocumentStart, Comment -> {
                        continue;
                    }
                    case StreamEnd -> {
                        ended = true;
                        return root;
                    }
                    case DocumentEnd -> {
                        return root;
                    }
                    case Alias -> throw new SchemaSyntaxException(where(e), "YAML aliases ('*"
                            + ((AliasEvent) e).getAnchor() + "') are not supported in a " + what
                            + "; write the value out.");
                    case Scalar -> {
                        ScalarEvent s = (ScalarEvent) e;
                        if (!open.isEmpty() && open.peek().isObject() && expectKey.peek()[0]) {
                            key(s);
                            continue;
                        }
                        JsonNode value = scalar(s);
                        if (open.isEmpty()) {
                            root = value;
                        } else {
                            add(value, e);
                        }
                    }
                    case MappingStart, SequenceStart -> {
                        CollectionStartEvent c = (CollectionStartEvent) e;
                        checkTag(c.getTag(), e, c.getEventId() == Event.ID.MappingStart ? "map" : "seq");
                        if (!open.isEmpty() && open.peek().isObject() && expectKey.peek()[0]) {
                            throw new SchemaSyntaxException(where(e), "A mapping key in a " + what
                                    + " must be a scalar.");
                        }
                        if (open.size() >= ParserLimits.MAX_DEPTH) {
                            throw new SchemaSyntaxException(where(e), what + " refused: nested deeper than "
                                    + ParserLimits.MAX_DEPTH + " levels");
                        }
                        JsonNode node = c.getEventId() == Event.ID.MappingStart ? FACTORY.objectNode()
                                : FACTORY.arrayNode();
                        if (open.isEmpty()) {
                            root = node;
                        } else {
                            add(node, e);
                        }
                        open.push(node);
                        expectKey.push(new boolean[] {true});
                    }
                    case MappingEnd, SequenceEnd -> {
                        open.pop();
                        expectKey.pop();
                    }
                    default -> throw new SchemaSyntaxException(where(e), "Unexpected YAML event in a " + what);
                }
            }
        }

        private void key(ScalarEvent s) throws SchemaSyntaxException {
            checkTag(s.getTag(), s, null);
            ObjectNode map = (ObjectNode) open.peek();
            if (map.has(s.getValue())) {
                throw new SchemaSyntaxException(where(s), "Duplicate key '" + s.getValue() + "' in a " + what
                        + ".");
            }
            pendingKeys.push(s.getValue());
            expectKey.peek()[0] = false;
        }

        private void add(JsonNode value, Event e) {
            JsonNode parent = open.peek();
            if (parent.isArray()) {
                ((ArrayNode) parent).add(value);
            } else {
                ((ObjectNode) parent).set(pendingKeys.pop(), value);
                expectKey.peek()[0] = true;
            }
        }

        private JsonNode scalar(ScalarEvent s) throws SchemaSyntaxException {
            String tag = s.getTag();
            checkTag(tag, s, null);
            String value = s.getValue();
            if (tag != null && !"!".equals(tag)) {
                String kind = tag.substring(CORE_PREFIX.length());
                if (kind.equals("str")) {
                    return FACTORY.textNode(value);
                }
                JsonNode resolved = CoreScalars.resolve(value);
                boolean fits = switch (kind) {
                    case "int" -> resolved.isIntegralNumber();
                    case "float" -> resolved.isNumber();
                    case "bool" -> resolved.isBoolean();
                    case "null" -> resolved.isNull();
                    default -> false;
                };
                if (!fits) {
                    throw new SchemaSyntaxException(where(s), "'" + value + "' is not a !!" + kind + " value.");
                }
                return resolved;
            }
            if (!s.isPlain() || "!".equals(tag)) {
                return FACTORY.textNode(value);
            }
            if (value.length() > 400 && CoreScalars.resolve(value).isNumber()) {
                throw new SchemaSyntaxException(where(s), "A number of more than 400 characters in a " + what
                        + " is refused.");
            }
            return CoreScalars.resolve(value);
        }

        private void checkTag(String tag, Event e, String collection) throws SchemaSyntaxException {
            if (tag == null || (collection == null && "!".equals(tag))) {
                return;
            }
            if (!CORE_TAGS.contains(tag) || (collection != null && !tag.equals(CORE_PREFIX + collection))
                    || (collection == null && (tag.endsWith(":map") || tag.endsWith(":seq")))) {
                throw new SchemaSyntaxException(where(e), "YAML tag '" + tag + "' is not allowed in a " + what
                        + ".");
            }
        }

        private String where(Event e) {
            return firstLine < 0 ? "$" : at(e.getStartMark(), firstLine);
        }
    }

    /** The YAML 1.2 core schema's resolution of a plain scalar (YAML 1.2.2, section 10.3.2). */
    static final class CoreScalars {
        private static final Pattern NULL = Pattern.compile("null|Null|NULL|~|");
        private static final Pattern TRUE = Pattern.compile("true|True|TRUE");
        private static final Pattern FALSE = Pattern.compile("false|False|FALSE");
        private static final Pattern INT = Pattern.compile("[-+]?[0-9]+");
        private static final Pattern OCTAL = Pattern.compile("0o[0-7]+");
        private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]+");
        private static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

        static JsonNode resolve(String value) {
            if (NULL.matcher(value).matches()) {
                return FACTORY.nullNode();
            }
            if (TRUE.matcher(value).matches()) {
                return FACTORY.booleanNode(true);
            }
            if (FALSE.matcher(value).matches()) {
                return FACTORY.booleanNode(false);
            }
            if (INT.matcher(value).matches()) {
                return integer(new BigInteger(value));
            }
            if (OCTAL.matcher(value).matches()) {
                return integer(new BigInteger(value.substring(2), 8));
            }
            if (HEX.matcher(value).matches()) {
                return integer(new BigInteger(value.substring(2), 16));
            }
            if (FLOAT.matcher(value).matches()) {
                // the written digits stay: 1.10 is not 1.1 (a version, a code)
                return DecimalNode.valueOf(new BigDecimal(value));
            }
            return FACTORY.textNode(value);
        }

        private static JsonNode integer(BigInteger v) {
            if (v.bitLength() < 32) {
                return FACTORY.numberNode(v.intValue());
            }
            if (v.bitLength() < 64) {
                return FACTORY.numberNode(v.longValue());
            }
            return FACTORY.numberNode(v);
        }

        private CoreScalars() {
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

    private SafeYaml() {
    }
}
