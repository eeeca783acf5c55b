package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.store.Attr;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The cheap bound that lets the usual item skip the byte count, and the cap still enforced in UTF-8 bytes. */
class ItemSizeTest {
    @Test
    void theBoundFromLengthsIsNeverBelowTheUtf8Count() {
        for (String text : List.of("", "plain ascii", "é à ü", "漢字かな交じり", "😀 emoji 😀", "mixed 漢 é 😀 ascii")) {
            Map<String, AttributeValue> item = Map.of("k", Attr.s(text), "漢", Attr.n(12345),
                    "l", AttributeValue.builder().l(Attr.s(text), Attr.bool(true)).build(),
                    "m", AttributeValue.builder().m(Map.of("ключ", Attr.s(text))).build(),
                    "ss", AttributeValue.builder().ss(text + "1", text + "2").build());
            assertTrue(ItemSize.upperBound(item) >= ItemSize.bytes(item), text);
        }
    }

    @Test
    void anItemOverTheCapInUtf8BytesIsRefusedThoughItsCharactersFit() {
        String cjk = "漢".repeat(130_000); // 130,000 chars, 390,000 UTF-8 bytes
        assertThrows(ItemTooLargeException.class, () -> ItemSize.requireFits(Map.of("v", Attr.s(cjk)), "p", "x"));
        String ascii = "a".repeat(370_000); // over the bound (3 x 370,000), under the cap when counted
        assertDoesNotThrow(() -> ItemSize.requireFits(Map.of("v", Attr.s(ascii)), "p", "x"));
        assertDoesNotThrow(() -> ItemSize.requireFits(Map.of("v", Attr.s("漢".repeat(100_000))), "p", "x"));
    }
}
