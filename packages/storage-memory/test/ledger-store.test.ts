/** The ledger-understanding store's conformance suite on memory. */
import { ledgerStoreSuite } from "@docket/core/testing"
import { MemoryLedgerStore } from "@docket/storage-memory"

ledgerStoreSuite("memory", MemoryLedgerStore.layer)
