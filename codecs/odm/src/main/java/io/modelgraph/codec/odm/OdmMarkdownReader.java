package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Reads an entity document's Markdown (CommonMark with GFM tables) into an {@link OdmDocument}. Tolerant of the
 * shapes the published documents take: the title reads {@code Entity: X} or {@code Utility Object: X} at any
 * heading level; the purpose section is {@code Entity purpose} or {@code Purpose}; there may be several
 * {@code Object:} tables and several YAML blocks (under any heading of the schema section), whose top level is
 * either {@code Name: schema} entries or an OpenAPI {@code components/schemas} wrapper. Sample objects (JSON
 * blocks) and mermaid diagrams are not read.
 */
final class OdmMarkdownReader {
    private static final Parser PARSER = Parser.builder()
            .extensions(List.of(TablesExtension.create()))
            .includeSourceSpans(IncludeSourceSpans.BLOCKS)
            .build();
    private static final Pattern TITLE = Pattern.compile("(Entity|Utility Object)\\s*:\\s*(.+)$");
    private static final Pattern OBJECT = Pattern.compile("^Object\\s*:\\s*(.+)$", Pattern.CASE_INSENSITIVE);
    private static final Pattern PURPOSE = Pattern.compile("^(entity\\s+)?purpose$", Pattern.CASE_INSENSITIVE);

    static OdmDocument read(String markdown, String pathPrefix, LossinessLedger ledger) throws SchemaSyntaxException {
        ParserLimits.checkSize(markdown);
        try {
            return readChecked(markdown, pathPrefix, ledger);
        } catch (StackOverflowError e) {
            // commonmark recurses once per nested inline run; a caller's ~120 KB heading can exhaust the stack
            throw ParserLimits.tooDeep(pathPrefix.isEmpty() ? "$" : pathPrefix + "markdown");
        }
    }

    private static OdmDocument readChecked(String markdown, String pathPrefix, LossinessLedger ledger)
            throws SchemaSyntaxException {
        Node document = PARSER.parse(markdown);
        String title = null;
        String kind = null;
        Optional<String> purpose = Optional.empty();
        List<OdmObjectTable> objects = new ArrayList<>();
        Map<String, JsonNode> schemas = new LinkedHashMap<>();

        boolean inPurpose = false;
        String pendingObject = null;
        int pendingObjectLevel = 0;
        String section = "";
        for (Node n = document.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Heading) {
                Heading h = (Heading) n;
                String text = inlineText(h).trim();
                if (h.getLevel() <= 2) {
                    section = text.toLowerCase(Locale.ROOT);
                }
                if (pendingObject != null && h.getLevel() <= pendingObjectLevel) {
                    pendingObject = null;
                }
                inPurpose = PURPOSE.matcher(text).matches();
                Matcher t = TITLE.matcher(text);
                if (title == null && t.find()) {
                    kind = t.group(1);
                    title = t.group(2).replace("`", "").trim();
                }
                Matcher o = OBJECT.matcher(text);
                if (o.matches()) {
                    pendingObject = o.group(1).replace("`", "").trim();
                    pendingObjectLevel = h.getLevel();
                }
            } else if (n instanceof Paragraph && inPurpose && purpose.isEmpty()) {
                purpose = Optional.of(inlineText(n).trim());
            } else if (n instanceof TableBlock && pendingObject != null) {
                objects.add(new OdmObjectTable(pendingObject, fields((TableBlock) n)));
                pendingObject = null;
            } else if (n instanceof FencedCodeBlock && section.contains("schema")) {
                FencedCodeBlock block = (FencedCodeBlock) n;
                String info = block.getInfo() == null ? "" : block.getInfo().trim().toLowerCase(Locale.ROOT);
                if (info.equals("yaml") || info.equals("yml")) {
                    int line = block.getSourceSpans().isEmpty() ? -1
                            : block.getSourceSpans().get(0).getLineIndex() + 2;
                    addSchemas(OdmYaml.read(block.getLiteral(), line), line, schemas, pathPrefix, ledger);
                }
            }
        }
        if (title == null) {
            throw new SchemaSyntaxException("$", "No entity title: expected a heading that reads 'Entity: <name>'"
                    + " or 'Utility Object: <name>'.");
        }
        if (objects.isEmpty() && schemas.isEmpty()) {
            throw new SchemaSyntaxException("$", "Entity '" + title + "' has neither an 'Object: <name>' table"
                    + " nor a YAML Schema Definition.");
        }
        return new OdmDocument(title, kind, purpose, objects, schemas);
    }

    /** Top-level {@code Name: schema} entries, unwrapping {@code components: schemas:} when a block uses it. */
    private static void addSchemas(JsonNode block, int line, Map<String, JsonNode> schemas, String pathPrefix,
            LossinessLedger ledger) {
        JsonNode wrapped = block.path("components").path("schemas");
        JsonNode entries = wrapped.isObject() ? wrapped : block;
        if (!entries.isObject()) {
            ledger.drop(pathPrefix + "line " + line, "a YAML block that is not a mapping of schemas is not read");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = entries.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isObject()) {
                ledger.drop(pathPrefix + "line " + line + "/" + e.getKey(), "'" + e.getKey()
                        + "' is not a schema object; not read");
            } else if (schemas.containsKey(e.getKey())) {
                ledger.drop(pathPrefix + "line " + line + "/" + e.getKey(), "'" + e.getKey()
                        + "' is defined twice; the first definition is kept");
            } else {
                schemas.put(e.getKey(), e.getValue());
            }
        }
    }

    /** Reads the rows by header name (Field, Description, Practice), so column order does not matter. */
    private static List<OdmField> fields(TableBlock table) {
        List<OdmField> out = new ArrayList<>();
        int field = 0;
        int description = 1;
        int practice = 2;
        boolean header = true;
        for (Node section = table.getFirstChild(); section != null; section = section.getNext()) {
            for (Node row = section.getFirstChild(); row != null; row = row.getNext()) {
                if (!(row instanceof TableRow)) {
                    continue;
                }
                List<String> cells = new ArrayList<>();
                for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
                    if (cell instanceof TableCell) {
                        cells.add(inlineText(cell).trim());
                    }
                }
                if (header) {
                    header = false;
                    for (int i = 0; i < cells.size(); i++) {
                        String c = cells.get(i).toLowerCase(Locale.ROOT);
                        if (c.startsWith("field")) {
                            field = i;
                        } else if (c.startsWith("description")) {
                            description = i;
                        } else if (c.startsWith("practice")) {
                            practice = i;
                        }
                    }
                    continue;
                }
                String name = cell(cells, field).replace("`", "").trim();
                if (!name.isEmpty()) {
                    out.add(new OdmField(name, cell(cells, description),
                            cell(cells, practice).toUpperCase(Locale.ROOT)));
                }
            }
        }
        return out;
    }

    private static String cell(List<String> cells, int i) {
        return i < cells.size() ? cells.get(i) : "";
    }

    /** Plain text of inline content: code spans keep their literal, emphasis and links keep their text. */
    static String inlineText(Node node) {
        StringBuilder out = new StringBuilder();
        appendText(node, out);
        return out.toString();
    }

    private static void appendText(Node node, StringBuilder out) {
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            if (c instanceof Text) {
                out.append(((Text) c).getLiteral());
            } else if (c instanceof Code) {
                out.append('`').append(((Code) c).getLiteral()).append('`');
            } else if (c instanceof SoftLineBreak || c instanceof HardLineBreak) {
                out.append(' ');
            } else {
                appendText(c, out);
            }
        }
    }

    private OdmMarkdownReader() {
    }
}
