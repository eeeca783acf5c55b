package io.modelgraph.transform;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Decoding and encoding through the registry, with the seed's messages and the ledger kept on failure. */
final class Conversions {
    private final CodecRegistry registry;

    Conversions(CodecRegistry registry) {
        this.registry = registry;
    }

    CodecRegistry registry() {
        return registry;
    }

    static String key(String format) {
        return format.trim().toLowerCase(Locale.ROOT);
    }

    /** The request's members that {@code key}'s format declares as options (none for an unknown key). */
    CodecOptions options(Fields f, String key) {
        return FormatOptions.read(f, registry.format(key));
    }

    /** Fails unless the key is in the decode set and its codec is available (before any other work). */
    void checkDecodable(String format, String formatPath) {
        registry.decoder(key(format), formatPath);
    }

    void checkEncodable(String format, String formatPath) {
        registry.encoder(key(format), formatPath);
    }

    SchemaModel decode(String format, String formatPath, String text, CodecOptions options, LossinessLedger ledger) {
        String f = key(format);
        try {
            return registry.decoder(f, formatPath).decode(text, options, ledger);
        } catch (SchemaSyntaxException e) {
            throw new TransformFailure(400, List.of(new ErrorEntry(e.path(), "Could not parse the '" + f
                    + "' schema: " + e.getMessage())), ledger.entries());
        } catch (StackOverflowError e) {
            // any decoder that recursed on the caller's nesting: the caller's error, not a fault
            throw new TransformFailure(400, List.of(new ErrorEntry("$", "Could not parse the '" + f + "' schema: "
                    + ParserLimits.tooDeep("$").getMessage())), ledger.entries());
        }
    }

    String encode(String format, String formatPath, SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        String key = key(format);
        String text = registry.encoder(key, formatPath).encode(model, options, ledger);
        // fragments kept verbatim for another format: only that format's encoder writes them
        io.modelgraph.codec.Verbatim.reportForeign(model, key, ledger);
        return text;
    }

    /** Stamps the format as provenance on the model and on every type and taxonomy that has none yet. */
    static SchemaModel stamp(SchemaModel model, String format) {
        String f = key(format);
        List<TypeDef> types = new ArrayList<>(model.types().size());
        for (TypeDef t : model.types()) {
            types.add(t.provenance().format().isEmpty() ? t.withProvenance(withFormat(t.provenance(), f)) : t);
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>(model.taxonomies().size());
        for (TaxonomyDef t : model.taxonomies()) {
            taxonomies.add(t.provenance().format().isEmpty() ? t.withProvenance(withFormat(t.provenance(), f)) : t);
        }
        SchemaModel out = model.withTypes(types).withTaxonomies(taxonomies);
        return out.provenance().format().isEmpty() ? out.withProvenance(withFormat(out.provenance(), f)) : out;
    }

    private static Provenance withFormat(Provenance p, String format) {
        return new Provenance(format, p.source(), p.originalName());
    }
}
