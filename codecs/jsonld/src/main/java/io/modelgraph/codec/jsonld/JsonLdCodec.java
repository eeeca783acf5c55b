package io.modelgraph.codec.jsonld;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code jsonld} format key: RDFS / schema.org vocabularies in JSON-LD 1.1, read and written by the same
 * {@link JsonLdReader} and {@link JsonLdWriter} the exchange function uses (with {@link
 * JsonLdVocabulary#RDFS_SCHEMA_ORG}), so {@code /v1} exports and {@code schema/export} cannot drift apart.
 * Holds no parser state: titanium is loaded on the first decode, not when the registry is built.
 */
public final class JsonLdCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = "jsonld";

    private static final JsonLdExportOptions EVERYTHING = new JsonLdExportOptions(true, true, true, true, true, true,
            Optional.empty(), Optional.empty());

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        JsonLdRead read = new JsonLdReader(JsonLdVocabulary.RDFS_SCHEMA_ORG).read(text, "request");
        ledger.addAll(read.losses());
        for (String u : read.unmapped()) {
            ledger.drop("$", (u.startsWith("@type ") ? "class " + u.substring(6) : "property " + u)
                    + " is not part of the RDFS / schema.org vocabulary the model is read in; its statements are "
                    + "not kept");
        }
        return read.model();
    }

    /**
     * Whether a model prefix can be a JSON-LD 1.1 term definition: the term is not empty (a Turtle default
     * prefix {@code :}), no keyword form and no compact IRI, and it maps to an absolute IRI ({@code PREFIX ordo: <>}
     * maps to the document's own IRI, which a context cannot state). Other prefixes are left out of the context with
     * a ledger entry; the IRIs they would shorten are written in full (docs/fidelity.md).
     */
    static boolean definable(String prefix, String iri, LossinessLedger ledger) {
        boolean term = !prefix.isEmpty() && !prefix.startsWith("@") && prefix.indexOf(':') < 0;
        if (term && ABSOLUTE_IRI.matcher(iri).matches()) {
            return true;
        }
        ledger.drop("$", "prefix '" + prefix + "' for <" + iri + "> cannot be a JSON-LD term definition "
                + (term ? "(not an absolute IRI)" : "(not a valid term)") + "; its IRIs are written in full");
        return false;
    }

    /** RFC 3987: a scheme, ':', then characters an IRI allows (no spaces, angle brackets, quotes or braces). */
    private static final Pattern ABSOLUTE_IRI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:[^\\s<>\"{}|\\\\^`]*");

    /**
     * A mapping written as a compact IRI of a context prefix ({@code owl:Class}, as LinkML writes a class_uri) is
     * expanded by every JSON-LD reader, so it reads back as the full IRI.
     */
    private static void compactMappings(SchemaModel model, Map<String, String> context, LossinessLedger ledger) {
        Map<String, String> prefixes = JsonLdWriter.prefixesOf(context);
        java.util.function.BiConsumer<String, String> check = (where, m) -> {
            int colon = m.indexOf(':');
            if (colon > 0 && !m.startsWith("//", colon + 1) && prefixes.containsKey(m.substring(0, colon))) {
                ledger.approximate(where, "'" + where + "' maps to the compact IRI '" + m + "', which reads back as <"
                        + prefixes.get(m.substring(0, colon)) + m.substring(colon + 1) + ">");
            }
        };
        model.types().forEach(t -> {
            t.mapsTo().ifPresent(m -> check.accept(t.name(), m));
            t.elements().forEach(e -> e.mapsTo().ifPresent(m -> check.accept(t.name() + "." + e.name(), m)));
        });
        model.taxonomies().forEach(x -> x.mapsTo().ifPresent(m -> check.accept(x.name(), m)));
    }

    /** All model parts and the data types they use, sorted by IRI; the model's own prefixes join the context. */
    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        JsonLdVocabulary base = JsonLdVocabulary.RDFS_SCHEMA_ORG;
        Map<String, String> context = new LinkedHashMap<>(base.context());
        model.namespaces().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .filter(e -> !context.containsKey(e.getKey()) && !context.containsValue(e.getValue()))
                .filter(e -> definable(e.getKey(), e.getValue(), ledger))
                .forEach(e -> context.put(e.getKey(), e.getValue()));
        JsonLdEncodeAudit.record(model, ledger);
        compactMappings(model, context, ledger);
        return new JsonLdWriter(new JsonLdVocabulary(context, base.classes(), base.properties()))
                .write(model, EVERYTHING);
    }
}
