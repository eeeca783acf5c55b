package io.modelgraph.codec.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossKind;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlDecodeTest {
    private final SqlCodec codec = new SqlCodec();
    private LossinessLedger ledger = new LossinessLedger();

    private SchemaModel decode(String ddl, String vendor) throws SchemaSyntaxException {
        ledger = new LossinessLedger();
        return codec.decode(ddl, new CodecOptions(vendor == null ? Map.of() : Map.of("vendor", vendor)), ledger);
    }

    private long ledgered(String fragment) {
        return ledger.entries().stream().filter(e -> e.explanation().contains(fragment)).count();
    }

    private static DataType.Primitive primitive(ElementDef e) {
        return (DataType.Primitive) e.type();
    }

    @Test
    void columnsTypesKeysDefaultsAndComments() throws Exception {
        SchemaModel m = decode("""
                CREATE TABLE shop.customer (
                  id SERIAL PRIMARY KEY,
                  email VARCHAR(120) NOT NULL UNIQUE,
                  balance DECIMAL(10,2) DEFAULT 0.00 CHECK (balance >= 0),
                  status TEXT DEFAULT 'new' CHECK (status IN ('new', 'active')),
                  created TIMESTAMP WITH TIME ZONE DEFAULT now(),
                  note text
                );
                COMMENT ON TABLE shop.customer IS 'People who buy';
                COMMENT ON COLUMN shop.customer.email IS 'Where receipts go';
                """, "postgres");
        TypeDef t = m.types().get(0);
        assertEquals("customer", t.name());
        assertEquals("shop", t.namespace().orElseThrow());
        assertEquals("People who buy", t.description().orElseThrow());
        assertEquals(List.of("id", "email", "balance", "status", "created", "note"),
                t.elements().stream().map(ElementDef::name).toList());
        ElementDef id = t.element("id").orElseThrow();
        assertEquals(PrimitiveKind.INTEGER, primitive(id).kind());
        assertEquals("serial", id.annotations().get("sql.identity"));
        assertEquals(Cardinality.REQUIRED, id.cardinality());
        ElementDef email = t.element("email").orElseThrow();
        assertEquals(120L, email.constraints().maxLength().orElseThrow());
        assertEquals("Where receipts go", email.description().orElseThrow());
        ElementDef balance = t.element("balance").orElseThrow();
        assertEquals(PrimitiveKind.DECIMAL, primitive(balance).kind());
        assertEquals(10, balance.constraints().precision().orElseThrow());
        assertEquals(2, balance.constraints().scale().orElseThrow());
        assertEquals(new BigDecimal("0"), balance.constraints().minimum().orElseThrow());
        assertEquals("0.00", balance.defaultValue().orElseThrow().decimalValue().toPlainString());
        assertEquals(Cardinality.OPTIONAL, balance.cardinality());
        assertEquals(new DataType.TaxonomyRef("customer_status"), t.element("status").orElseThrow().type());
        assertEquals(List.of("new", "active"), m.taxonomy("customer_status").orElseThrow().terms().stream()
                .map(x -> x.code()).toList());
        assertEquals("new", t.element("status").orElseThrow().defaultValue().orElseThrow().asText());
        ElementDef created = t.element("created").orElseThrow();
        assertEquals(PrimitiveKind.DATETIME, primitive(created).kind());
        assertEquals("now()", created.annotations().get("sql.default"));
        assertEquals(List.of(new KeyDef(KeyDef.Kind.PRIMARY, java.util.Optional.empty(), List.of("id")),
                new KeyDef(KeyDef.Kind.UNIQUE, java.util.Optional.empty(), List.of("email"))), t.keys());
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertEquals("postgres", m.annotations().get("sql.vendor"));
    }

    @Test
    void foreignKeysInlineNamedAndByAlterTable() throws Exception {
        SchemaModel m = decode("""
                CREATE TABLE country (code CHAR(2) PRIMARY KEY);
                CREATE TABLE city (
                  id INT NOT NULL,
                  country CHAR(2) NOT NULL REFERENCES country (code) ON DELETE CASCADE,
                  twin INT,
                  CONSTRAINT pk_city PRIMARY KEY (id),
                  CONSTRAINT fk_twin FOREIGN KEY (twin) REFERENCES city
                );
                CREATE TABLE address (id INT PRIMARY KEY, city_id INT);
                ALTER TABLE address ADD CONSTRAINT fk_address_city FOREIGN KEY (city_id) REFERENCES city (id);
                """, null);
        assertEquals(3, m.relationships().size());
        Relationship inline = m.relationships().get(0);
        assertEquals("city", inline.fromType());
        assertEquals(List.of("country"), inline.fromElements());
        assertEquals("country", inline.toType());
        assertEquals(List.of("code"), inline.toElements());
        assertEquals(Cardinality.REQUIRED, inline.toCardinality());
        assertEquals("CASCADE", inline.annotations().get("sql.onDelete"));
        Relationship self = m.relationships().get(1);
        assertEquals("fk_twin", self.name().orElseThrow());
        assertEquals(List.of("id"), self.toElements(), "REFERENCES without columns means the primary key");
        assertEquals(Cardinality.OPTIONAL, self.toCardinality());
        Relationship altered = m.relationships().get(2);
        assertEquals("fk_address_city", altered.name().orElseThrow());
        assertEquals("address", altered.fromType());
        assertEquals("pk_city", m.type("city").orElseThrow().primaryKey().orElseThrow().name().orElseThrow());
    }

    @Test
    void tsqlBatchesWithoutSemicolonsAndIdentity() throws Exception {
        SchemaModel m = decode("""
                USE [Shop]
                GO
                CREATE TABLE [dbo].[Order Line] (
                    [Id] INT IDENTITY(1,1) NOT NULL,
                    [Qty] SMALLINT NOT NULL CONSTRAINT [DF_Qty] DEFAULT ((1)),
                    CONSTRAINT [PK_Line] PRIMARY KEY CLUSTERED ([Id] ASC)
                ) ON [PRIMARY]
                CREATE INDEX IX_Qty ON [dbo].[Order Line] ([Qty])
                GO
                CREATE PROCEDURE dbo.p AS BEGIN SELECT 1; SELECT 2; END
                GO
                """, "sqlserver");
        TypeDef t = m.type("Order Line").orElseThrow();
        assertEquals("dbo", t.namespace().orElseThrow());
        assertEquals("identity (1, 1)", t.element("Id").orElseThrow().annotations().get("sql.identity"));
        assertEquals(1, t.element("Qty").orElseThrow().defaultValue().orElseThrow().asInt());
        assertEquals(1, ledgered("Statement USE"));
        assertEquals(1, ledgered("Statement CREATE INDEX"));
        assertEquals(1, ledgered("Statement CREATE PROCEDURE"), "one entry for the whole procedure");
        assertEquals(1, ledgered("'CLUSTERED"), ledger.entries().toString());
        assertEquals(1, ledgered("ON [PRIMARY]") + ledgered("ON \"PRIMARY\""), ledger.entries().toString());
    }

    @Test
    void aColumnNamedDelimiterAtALineStartIsAColumnNotTheMysqlCommand() throws Exception {
        SchemaModel m = decode("""
                CREATE TABLE v1."TextFormat" (
                  delimiter text
                );
                CREATE TABLE v1.other (
                  id integer
                );
                """, "postgres");
        assertEquals(List.of("TextFormat", "other"), m.types().stream().map(TypeDef::name).toList());
        assertEquals("delimiter", m.types().get(0).elements().get(0).name());
    }

    @Test
    void mysqlDelimiterTriggersEnumsAndAutoIncrement() throws Exception {
        SchemaModel m = decode("""
                # a MySQL dump
                CREATE TABLE `film` (
                  `film_id` SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT,
                  `rating` ENUM('G','PG','R') DEFAULT 'G' COMMENT 'MPAA rating',
                  `features` SET('Trailers','Commentaries'),
                  PRIMARY KEY (`film_id`),
                  KEY `idx_rating` (`rating`)
                ) ENGINE=InnoDB DEFAULT CHARSET=utf8 COMMENT='Films';
                DELIMITER ;;
                CREATE TRIGGER `ins_film` AFTER INSERT ON `film` FOR EACH ROW BEGIN
                    INSERT INTO film_text (film_id) VALUES (new.film_id);
                    UPDATE film SET rating = 'G';
                END;;
                DELIMITER ;
                CREATE TABLE after_trigger (id INT);
                """, "mysql");
        assertEquals(List.of("film", "after_trigger"), m.types().stream().map(TypeDef::name).toList());
        TypeDef film = m.type("film").orElseThrow();
        assertEquals("Films", film.description().orElseThrow());
        assertEquals("auto_increment", film.element("film_id").orElseThrow().annotations().get("sql.identity"));
        ElementDef rating = film.element("rating").orElseThrow();
        assertEquals(new DataType.TaxonomyRef("film_rating"), rating.type());
        assertEquals("MPAA rating", rating.description().orElseThrow());
        assertEquals(3, m.taxonomy("film_rating").orElseThrow().terms().size());
        assertTrue(film.element("features").orElseThrow().cardinality().many());
        assertEquals(1, ledgered("Statement CREATE TRIGGER"));
        assertEquals(1, ledgered("index 'KEY \"idx_rating\""));
        assertEquals(1, ledgered("ENGINE = InnoDB"));
    }

    @Test
    void postgresDollarBodiesEnumTypesAndOracleSlashBlocks() throws Exception {
        SchemaModel m = decode("""
                CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
                CREATE FUNCTION touch() RETURNS trigger AS $body$
                BEGIN NEW.at := now(); RETURN NEW; END; $body$ LANGUAGE plpgsql;
                CREATE TABLE person (name text, current mood DEFAULT 'ok'::mood, tags text[]);
                ALTER TABLE person ADD CHECK (length(name) > 0);
                """, "postgres");
        TypeDef person = m.type("person").orElseThrow();
        assertEquals(new DataType.TaxonomyRef("mood"), person.element("current").orElseThrow().type());
        assertEquals("ok", person.element("current").orElseThrow().defaultValue().orElseThrow().asText());
        assertEquals(Cardinality.ANY_NUMBER, person.element("tags").orElseThrow().cardinality());
        assertEquals("length(name) > 0", person.annotations().get("sql.check.1"));
        assertEquals(1, ledger.entries().stream().filter(e -> e.kind() == LossKind.ConstraintRelaxation).count());
        assertEquals(1, ledgered("Statement CREATE FUNCTION"));

        SchemaModel ora = decode("""
                CREATE TABLE actor (actor_id NUMBER(10) NOT NULL, last_update DATE NOT NULL,
                  CONSTRAINT pk_actor PRIMARY KEY (actor_id));
                CREATE OR REPLACE TRIGGER actor_before
                BEFORE INSERT ON actor FOR EACH ROW
                DECLARE v NUMBER;
                BEGIN
                  :NEW.last_update := current_date;
                END;
                /
                CREATE SEQUENCE actor_seq;
                """, "oracle");
        assertEquals(PrimitiveKind.INTEGER, primitive(ora.types().get(0).element("actor_id").orElseThrow()).kind());
        assertEquals(1, ledgered("Statement CREATE OR"));
        assertEquals(1, ledgered("Statement CREATE SEQUENCE"));
    }

    @Test
    void dialectClausesTheParserGapsNamedAreReadAndLedgered() throws Exception {
        SchemaModel bq = decode("""
                CREATE TABLE `my-project.sales.orders` (
                  id INT64 NOT NULL,
                  items ARRAY<STRUCT<sku STRING, qty INT64>>,
                  tags ARRAY<STRING>,
                  total NUMERIC(10, 2) OPTIONS(description="Order total"),
                  PRIMARY KEY (id) NOT ENFORCED
                ) OPTIONS(description="Orders", labels=[("team", "x")]);
                CREATE TABLE my-project.sales.lines (id INT64);
                """, "bigquery");
        TypeDef orders = bq.type("orders").orElseThrow();
        assertEquals("my-project.sales", orders.namespace().orElseThrow());
        assertEquals("Orders", orders.description().orElseThrow());
        assertEquals("Order total", orders.element("total").orElseThrow().description().orElseThrow());
        assertTrue(orders.element("items").orElseThrow().cardinality().many());
        assertEquals(PrimitiveKind.STRING, primitive(orders.element("tags").orElseThrow()).kind());
        assertEquals(1, ledgered("STRUCT fields"));
        assertEquals(1, ledgered("'NOT ENFORCED'"));
        assertEquals(1, ledgered("OPTIONS [labels]"));
        assertEquals("my-project.sales", bq.type("lines").orElseThrow().namespace().orElseThrow());

        SchemaModel sf = decode("""
                CREATE OR REPLACE TABLE t (
                  id NUMBER(38,0) IDENTITY START 1 INCREMENT 1,
                  ssn VARCHAR WITH MASKING POLICY mask_ssn TAG (pii = 'yes'),
                  amt NUMBER(10,2) AGGREGATION POLICY agg,
                  CONSTRAINT uq UNIQUE (ssn) RELY ENFORCED
                ) WITH TAG (owner = 'x') COMMENT = 'Snowflake table';
                """, "snowflake");
        TypeDef t = sf.types().get(0);
        assertEquals("identity START 1 INCREMENT 1", t.element("id").orElseThrow().annotations().get("sql.identity"));
        assertEquals("Snowflake table", t.description().orElseThrow());
        assertEquals(1, ledgered("MASKING POLICY"));
        assertEquals(1, ledgered("AGGREGATION POLICY"));
        assertEquals(1, ledgered("'RELY ENFORCED'"));

        SchemaModel pg = decode("""
                CREATE TABLE booking (room int, during tsrange, EXCLUDE USING gist (room WITH =, during WITH &&));
                CREATE TABLE kv (k TEXT PRIMARY KEY, v ANY) WITHOUT ROWID, STRICT;
                """, null);
        assertEquals(2, pg.types().size());
        assertEquals(1, ledgered("index 'EXCLUDE") + ledgered("clause 'EXCLUDE"));
        assertEquals(1, ledgered("WITHOUT ROWID"));
    }

    @Test
    void malformedDdlNamesLineAndColumn() {
        record Bad(String ddl, String where, String message) {
        }
        for (Bad bad : List.of(
                new Bad("CREATE TABLE t (\n  a VARCHAR(10) DEFAULT 'x\n);", "line 2, column 25", "never closed"),
                new Bad("CREATE TABLE t (a int, b int", "line 1, column 16", "never closed"),
                new Bad("CREATE TABLE (a int);", "line 1, column 14", "Expected a table name"),
                new Bad("CREATE TABLE t (a int,, b int);", "line 1, column 23", "Expected a column or a constraint"),
                new Bad("CREATE TABLE t (a int REFERENCES);", "line 1, column 33", "referenced table's name"),
                new Bad("CREATE TABLE t (a int DEFAULT);", "line 1, column 30", "Expected a value after DEFAULT"),
                new Bad("/* open comment\nCREATE TABLE t (a int);", "line 1, column 1", "never closed"),
                new Bad("CREATE TABLE t (a int) ;\nCREATE TABLE u (b int CHECK b > 0);", "line 2, column 29",
                        "Expected '(' after CHECK"),
                new Bad("CREATE TABLE t (\n  a int,\n  b numeric(10, 2\n);", "line 4, column 2", "a ')' is missing"))) {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> decode(bad.ddl(), null),
                    bad.ddl());
            assertEquals(bad.where(), e.path(), bad.ddl() + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.message()), e.getMessage());
        }
    }

    @Test
    void vendorNamesAliasesAndLimits() throws Exception {
        InvalidOptionException unknown = assertThrows(InvalidOptionException.class, () -> decode("CREATE TABLE t (a int);",
                "informix"));
        assertEquals("vendor", unknown.path());
        assertTrue(unknown.getMessage().contains("postgres, mysql, sqlserver, sqlite, oracle, snowflake,"
                + " bigquery"));
        assertEquals("postgres", decode("CREATE TABLE t (a int);", "PostgreSQL").annotations().get("sql.vendor"));
        assertEquals("sqlserver", decode("CREATE TABLE t (a int);", "tsql").annotations().get("sql.vendor"));
        String huge = "CREATE TABLE t (a int);\n".repeat(60_000);
        SchemaSyntaxException slow = assertThrows(SchemaSyntaxException.class,
                () -> new SqlCodec(0).decode(huge, CodecOptions.NONE, new LossinessLedger()));
        assertTrue(slow.getMessage().contains("too long"), slow.getMessage());
        String deep = "CREATE TABLE t (a int DEFAULT " + "(".repeat(500) + "1" + ")".repeat(500) + ");";
        assertThrows(SchemaSyntaxException.class, () -> decode(deep, null));
        SchemaModel nothing = decode("INSERT INTO t VALUES (1);", null);
        assertTrue(nothing.types().isEmpty());
        assertEquals(1, ledgered("declares no table"));
        assertFalse(ledger.isEmpty());
    }

    @Test
    void sqlServerRulesBoundToColumnsAreNoLongerReadAsUntypedButAsAllowedValues() throws Exception {
        SchemaModel m = decode("""
                CREATE RULE pub_id_rule AS @value IN ('1389', '0736', '0877')
                GO
                CREATE RULE range_rule AS @range >= 1000 AND @range < 20000
                GO
                CREATE TABLE publishers (pub_id char(4) NOT NULL, alt_id char(4), city varchar(20))
                GO
                EXEC sp_bindrule 'pub_id_rule', 'publishers.pub_id'
                GO
                EXEC sp_bindrule @rulename = N'pub_id_rule', @objname = N'[publishers].[alt_id]'
                GO
                """, "sqlserver");
        TypeDef publishers = m.type("publishers").orElseThrow();
        assertEquals(new DataType.TaxonomyRef("pub_id_rule"), publishers.element("pub_id").orElseThrow().type());
        assertEquals(new DataType.TaxonomyRef("pub_id_rule"), publishers.element("alt_id").orElseThrow().type());
        assertEquals(List.of("1389", "0736", "0877"), m.taxonomy("pub_id_rule").orElseThrow().terms().stream()
                .map(io.modelgraph.schema.Term::code).toList());
        assertEquals(1, m.taxonomies().size(), "one taxonomy for both columns; the range rule is skipped");
        assertEquals(2, ledgered("sp_bindrule) is read as the allowed values"));
    }

    @Test
    void aNegativeDefaultAndABitDefaultOfZeroAreReadAsTheirValues() throws Exception {
        // caffe's "default = -1" written as DDL; SQL Server's BIT DEFAULT 0 is false
        SchemaModel m = decode("""
                CREATE TABLE p (sparse INT DEFAULT -1, ratio NUMERIC(4,2) DEFAULT - 0.5, failed BIT DEFAULT 0,
                  hidden BOOLEAN DEFAULT 1, plus INT DEFAULT +2);
                """, "sqlserver");
        TypeDef p = m.type("p").orElseThrow();
        assertEquals(new BigDecimal("-1"), p.element("sparse").orElseThrow().defaultValue().orElseThrow()
                .decimalValue());
        assertEquals(new BigDecimal("-0.5"), p.element("ratio").orElseThrow().defaultValue().orElseThrow()
                .decimalValue());
        assertEquals(com.fasterxml.jackson.databind.node.BooleanNode.FALSE, p.element("failed").orElseThrow()
                .defaultValue().orElseThrow());
        assertEquals(com.fasterxml.jackson.databind.node.BooleanNode.TRUE, p.element("hidden").orElseThrow()
                .defaultValue().orElseThrow());
        assertEquals(new BigDecimal("2"), p.element("plus").orElseThrow().defaultValue().orElseThrow()
                .decimalValue());
    }
}
