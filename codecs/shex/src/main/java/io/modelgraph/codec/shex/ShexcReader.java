package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.util.Map;

/**
 * Reads ShExC text into ShExJ and checks the schema's structure. Stateless and thread-safe: each call parses with a
 * fresh {@link ShexcParser}, so one reader serves every request of a Lambda container.
 */
public final class ShexcReader {
    public static final String EMPTY = "The ShExC document is empty.";

    /** A parsed schema: its ShExJ and the prefixes and base as the author declared them. */
    public record Parsed(ObjectNode shexj, Map<String, String> prefixes, String base) {
        public Parsed {
            prefixes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(prefixes));
        }
    }

    public Parsed read(String text) throws SchemaSyntaxException {
        Parsed parsed = readSyntax(text);
        ShexStructure.check(parsed.shexj());
        return parsed;
    }

    /** The grammar alone, without the structure rules (the conformance profile reports the two apart). */
    Parsed readSyntax(String text) throws SchemaSyntaxException {
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", EMPTY);
        }
        ParserLimits.checkSize(text);
        ShexcParser parser = new ShexcParser(text);
        ObjectNode shexj;
        try {
            shexj = parser.parseDocument();
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The schema nests too deeply to be read.");
        }
        return new Parsed(shexj, parser.prefixes(), parser.base());
    }
}
