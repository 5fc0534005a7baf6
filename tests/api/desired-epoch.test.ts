// Issue 37.7: an agent ahead of the plane (a plane restored from a backup, or a database reset)
// gets the plane's current desired state, on the long-poll and on the stream, and an
// acknowledgement never moves the observed generation backwards. The desired state carries the
// plane's epoch; an agent that has another epoch takes the current state whatever its generation.
import { beforeAll, describe, expect, it } from "vitest";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as desiredStream from "@/app/api/agent/v1/desired/stream/route";
import * as status from "@/app/api/agent/v1/status/route";
import { db } from "@/lib/store/client";
import { announceDesiredChange, writeDesiredState } from "@/lib/store/desired-state";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/api";
import { configMap, registeredCluster } from "../helpers/agent";
import { NextRequest } from "next/server";

async function publish(cluster: string, names: string[]): Promise<number> {
  const { generation } = await db().$transaction((tx) =>
    writeDesiredState(tx, cluster, names.map(configMap)),
  );
  announceDesiredChange(cluster);
  return generation;
}

const asAgent = (credential: string) => ({ headers: { authorization: `Bearer ${credential}` } });

/** The first `desired` event of the stream opened with `search`, or null after `ms`. */
async function firstStreamedDesired(credential: string, search: string, ms: number) {
  const stop = new AbortController();
  const req = new NextRequest(`http://localhost:3000/api/agent/v1/desired/stream?${search}`, {
    headers: { authorization: `Bearer ${credential}` },
    signal: stop.signal,
  });
  const res = await desiredStream.GET(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const timer = setTimeout(() => stop.abort(), ms);
  let text = "";
  try {
    for (;;) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => stop.signal.addEventListener("abort", () => r(null))),
      ]);
      if (!next || next.done) return null;
      text += new TextDecoder().decode(next.value);
      const data = /event: desired\ndata: (.*)\n/.exec(text)?.[1];
      if (data) return JSON.parse(data) as { generation: number; epoch: string };
    }
  } finally {
    clearTimeout(timer);
    stop.abort();
    void reader.cancel().catch(() => undefined);
  }
}

describe("a plane behind its agents", () => {
  let credential = "";
  beforeAll(async () => {
    await resetDatabase();
    credential = await registeredCluster("epoch-1");
    await publish("epoch-1", ["restored"]);
  });

  it("the long-poll answers an agent whose generation is ahead with the current state", async () => {
    const res = await call(desired.GET as never, "GET", "/api/agent/v1/desired", {
      ...asAgent(credential),
      search: { after: "6", wait: "0" },
    });
    expect(res.status, "an agent at generation 6, the plane at 1").toBe(200);
    expect(res.body).toMatchObject({ generation: 1 });
    expect(typeof (res.body as { epoch?: unknown }).epoch).toBe("string");
  });

  it("the stream sends an agent whose generation is ahead the current state at once", async () => {
    const first = await firstStreamedDesired(credential, "after=6", 3000);
    expect(first, "a desired event (not only keep-alives)").not.toBeNull();
    expect(first!.generation).toBe(1);
  });

  it("an agent of another epoch gets the current state even at the same generation", async () => {
    const current = await call(desired.GET as never, "GET", "/api/agent/v1/desired", {
      ...asAgent(credential),
      search: { after: "-1", wait: "0" },
    });
    const { epoch } = current.body as { epoch: string };
    const same = await call(desired.GET as never, "GET", "/api/agent/v1/desired", {
      ...asAgent(credential),
      search: { after: "1", epoch, wait: "0" },
    });
    expect(same.status, "same epoch and generation: nothing new").toBe(204);
    const other = await call(desired.GET as never, "GET", "/api/agent/v1/desired", {
      ...asAgent(credential),
      search: { after: "1", epoch: "an-older-plane", wait: "0" },
    });
    expect(other.status).toBe(200);
    const streamed = await firstStreamedDesired(credential, "after=1&epoch=an-older-plane", 3000);
    expect(streamed?.generation).toBe(1);
  });

  it("an acknowledgement never moves the observed generation backwards", async () => {
    const ack = (generation: number) =>
      call(status.POST as never, "POST", "/api/agent/v1/status", {
        ...asAgent(credential),
        body: { generation, results: [] },
      });
    expect((await ack(1)).status).toBe(204);
    const back = await ack(0);
    expect(back.status, JSON.stringify(back.body)).toBe(409);
    const observed = await db().observedState.findUnique({ where: { clusterName: "epoch-1" } });
    expect(observed?.generation, "the observed generation after an ack of 0").toBe(1);
  });
});
