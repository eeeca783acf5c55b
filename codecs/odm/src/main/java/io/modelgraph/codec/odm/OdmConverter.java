package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * odm/convert: entity documents to JSON Schema 2020-12, statelessly. One entity gives one document (docs/transform.md);
 * several give a bundle keyed by the kebab-cased entity title, where an entity that fails is reported as a
 * StructuralDrop and the rest proceed (rule 3). References between documents resolve against the entities of
 * the same call. Thread-safe.
 */
public final class OdmConverter {

    /** One entity: its JSON Schema document. Failure is the caller's error (nothing else to return). */
    public ObjectNode convert(OdmEntity entity, LossinessLedger ledger) throws SchemaSyntaxException {
        OdmDocument doc = OdmMarkdownReader.read(entity.markdown(), "", ledger);
        return new EntitySchemaBuilder(doc, Map.of(), ledger, "").build();
    }

    /** Reads a document without converting it (the import summary and tests use it). */
    public OdmDocument read(OdmEntity entity, LossinessLedger ledger) throws SchemaSyntaxException {
        return OdmMarkdownReader.read(entity.markdown(), "", ledger);
    }

    /**
     * Several entities: a bundle {@code {kebab-title: schema}}. Ledger paths start with {@code /entities/<i>}
     * (the request member) for failures and with the bundle key for losses inside a converted schema.
     */
    public OdmBundle convertAll(List<OdmEntity> entities, LossinessLedger ledger) {
        List<Optional<OdmDocument>> docs = new ArrayList<>();
        List<OdmDocument> readable = new ArrayList<>();
        List<LossinessLedger> readLedgers = new ArrayList<>();
        for (int i = 0; i < entities.size(); i++) {
            LossinessLedger own = new LossinessLedger();
            try {
                OdmDocument doc = OdmMarkdownReader.read(entities.get(i).markdown(), "/entities/" + i + "/", own);
                docs.add(Optional.of(doc));
                readable.add(doc);
            } catch (SchemaSyntaxException e) {
                docs.add(Optional.empty());
                failed(ledger, i, entities.get(i), e.getMessage(), e.path());
            }
            readLedgers.add(own);
        }
        Map<String, List<OdmDocument>> definers = EntitySchemaBuilder.definers(readable);
        ObjectNode bundle = JsonNodeFactory.instance.objectNode();
        Set<String> keys = new HashSet<>();
        int converted = 0;
        for (int i = 0; i < entities.size(); i++) {
            if (docs.get(i).isEmpty()) {
                continue;
            }
            OdmDocument doc = docs.get(i).get();
            String key = EntitySchemaBuilder.kebab(doc.title());
            String unique = key;
            for (int n = 2; !keys.add(unique); n++) {
                unique = key + "-" + n;
            }
            ledger.addAll(readLedgers.get(i).entries());
            try {
                bundle.set(unique, new EntitySchemaBuilder(doc, definers, ledger, unique).build());
                converted++;
            } catch (RuntimeException e) {
                keys.remove(unique);
                failed(ledger, i, entities.get(i), e.toString(), "$");
            }
        }
        return new OdmBundle(bundle, converted, entities.size() - converted);
    }

    private static void failed(LossinessLedger ledger, int i, OdmEntity entity, String reason, String where) {
        String name = entity.name().isEmpty() ? "" : " '" + entity.name() + "'";
        ledger.drop("/entities/" + i, "entity" + name + " could not be converted and is left out: " + reason
                + ("$".equals(where) ? "" : " (at " + where + ")"));
    }
}
