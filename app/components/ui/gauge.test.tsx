import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Gauge, LinearGauge } from "./gauge";
import { barLength, gaugeStatus, usageStatus } from "./gauge-status";

describe("gauge colours", () => {
  it("colours a gauge by thirds of its max", () => {
    expect(gaugeStatus(33)).toBe("error");
    expect(gaugeStatus(34)).toBe("warning");
    expect(gaugeStatus(66)).toBe("warning");
    expect(gaugeStatus(67)).toBe("ok");
    expect(gaugeStatus(2, 8)).toBe("error");
    expect(gaugeStatus(5, 8)).toBe("warning");
    expect(gaugeStatus(6, 8)).toBe("ok");
  });

  it("colours a usage bar: pending, error at 100 or more, warning above 90 or below 40", () => {
    expect(usageStatus(Number.NaN)).toBe("pending");
    expect(usageStatus(100)).toBe("error");
    expect(usageStatus(150)).toBe("error");
    expect(usageStatus(91)).toBe("warning");
    expect(usageStatus(90)).toBe("ok");
    expect(usageStatus(40)).toBe("ok");
    expect(usageStatus(39)).toBe("warning");
    expect(barLength(150)).toBe(100);
    expect(barLength(Number.NaN)).toBe(0);
  });
});

describe("Gauge and LinearGauge", () => {
  it("draws a gauge with the default unit % and max 100", async () => {
    const html = await renderPage(<Gauge value={80} />);
    expect(html).toContain('aria-label="80% of 100%"');
    expect(html).toContain('data-status="ok"');
    expect(html).toMatch(/80<!-- -->%<\/text>/);
  });

  it("draws a thick bar 4 high and a thin one 1, capped at 100", async () => {
    const thick = await renderPage(<LinearGauge percent={120} />);
    expect(thick).toContain('height="4"');
    expect(thick).toContain('data-status="error"');
    expect(thick).toContain('aria-valuenow="100"');
    const thin = await renderPage(<LinearGauge percent={Number.NaN} thin />);
    expect(thin).toContain('height="1"');
    expect(thin).toContain('data-status="pending"');
    expect(thin).toContain("Usage unknown");
    // Not a meter without a value (a meter must have one): a picture labelled 'Usage unknown'.
    expect(thin).toContain('role="img"');
    expect(thin).not.toContain("aria-valuenow");
    expect(thick).toContain('role="meter"');
  });
});
