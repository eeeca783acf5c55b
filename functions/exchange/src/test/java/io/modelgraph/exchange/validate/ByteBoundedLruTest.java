package io.modelgraph.exchange.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.modelgraph.exchange.jsonschema.Validators;
import org.junit.jupiter.api.Test;

/**
 * The per-container caches of the exchange function (compiled schemas, prepared validators, exported documents)
 * are bounded in estimated bytes at their bound: values that fill it exactly are all kept, one byte more sends the
 * least recently used out, and a value larger than the whole bound is not kept at all.
 */
class ByteBoundedLruTest {
    private static String chars(int n) {
        return "x".repeat(n);
    }

    @Test
    void valuesThatFillTheBoundExactlyAreKeptAndOneByteMoreSendsTheLeastRecentlyUsedOut() {
        ByteBoundedLru<String, String> lru = new ByteBoundedLru<>(1_000, String::length);
        lru.put("a", chars(400));
        lru.put("b", chars(300));
        lru.put("c", chars(300));
        assertEquals(1_000, lru.bytes());
        assertEquals(3, lru.size(), "exactly at the bound: all kept");
        assertTrue(lru.get("a").isPresent()); // a is now the most recently used
        lru.put("d", chars(1));
        assertFalse(lru.get("b").isPresent(), "b, the least recently used, went");
        assertTrue(lru.get("a").isPresent() && lru.get("c").isPresent() && lru.get("d").isPresent());
        assertEquals(701, lru.bytes());
        assertTrue(lru.bytes() <= 1_000);
    }

    @Test
    void aValueLargerThanTheBoundIsNotKeptAndReplacingAValueCountsOnlyTheNewOne() {
        ByteBoundedLru<String, String> lru = new ByteBoundedLru<>(1_000, String::length);
        lru.put("a", chars(600));
        lru.put("huge", chars(1_001));
        assertFalse(lru.get("huge").isPresent());
        assertTrue(lru.get("a").isPresent(), "the kept value does not make room for one that cannot fit");
        lru.put("a", chars(100));
        assertEquals(100, lru.bytes());
        lru.put("a", chars(1_001));
        assertFalse(lru.get("a").isPresent(), "a replacement too large drops the old value too");
        assertEquals(0, lru.bytes());
    }

    @Test
    void exportedDocumentsAreBoundedInBytesNotInCount() {
        // 4 MB documents (the largest kept): 64 MB hold eight of them, not the 32 a count bound allowed
        VersionedCache<String, String> exports = new VersionedCache<>(64L * 1024 * 1024, d -> 2L * d.length() + 64);
        String document = chars(4_000_000);
        for (int i = 0; i < 32; i++) {
            exports.put("p" + i, 1, document);
        }
        assertEquals(8, exports.size());
        assertTrue(exports.bytes() <= 64L * 1024 * 1024, exports.bytes() + " bytes");
        assertTrue(exports.get("p31", 1).isPresent() && exports.get("p0", 1).isEmpty());
        assertTrue(exports.get("p31", 2).isEmpty(), "another version misses");
    }

    @Test
    void compiledSchemasAreBoundedInEstimatedBytes() {
        var schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        CompiledSchemaCache cache = new CompiledSchemaCache(10_000);
        for (int i = 0; i < 5; i++) {
            cache.get("k" + i, "f", () -> new CompiledSchemaCache.Compiled(Validators.compile(schema), 3_000));
        }
        assertEquals(3, cache.size(), "three of 3,000 bytes fit in 10,000");
        assertEquals(9_000, cache.bytes());
        assertEquals(5, cache.compilations());
        cache.get("k4", "f", () -> {
            throw new AssertionError("k4 is kept: not compiled again");
        });
        cache.get("k0", "f", () -> new CompiledSchemaCache.Compiled(Validators.compile(schema), 3_000));
        assertEquals(6, cache.compilations(), "k0 went and is compiled again");
    }
}
