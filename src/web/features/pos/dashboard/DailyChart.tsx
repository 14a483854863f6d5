import { Box, Text, VisuallyHidden } from '@mantine/core';
import { dayInFigures } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';

type Day = { day: string; amountKobo: number; count: number };

const HEIGHT = 140;

/**
 * The daily takings as bars, drawn as plain SVG: one chart of thirty bars does not need
 * recharts' ~100 KB on this page (docs/architecture.md §9 "Web": charts only where drawn, and
 * small). Scales to its box, so it fits 375 px; the figures are in a list for screen readers.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.amountKobo));
  const width = days.length * 10;
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        aria-hidden="true"
        style={{ display: 'block' }}
      >
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={width}
          y2={HEIGHT - 0.5}
          stroke="var(--mantine-color-gray-5)"
        />
        {days.map((d, i) => {
          const h = Math.round((d.amountKobo / max) * (HEIGHT - 8));
          return (
            <rect
              key={d.day}
              x={i * 10 + 1}
              y={HEIGHT - h - 1}
              width={8}
              height={h}
              fill={
                i === days.length - 1
                  ? 'var(--mantine-color-revenue-7)'
                  : 'var(--mantine-color-revenue-4)'
              }
            >
              <title>{`${dayInFigures(d.day)}: ${formatKoboAsNaira(d.amountKobo)} (${d.count})`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <Text
          size="xs"
          c="dimmed"
          mt={4}
          style={{ display: 'flex', justifyContent: 'space-between' }}
        >
          <span>{dayInFigures(first.day)}</span>
          <span>{dayInFigures(last.day)}</span>
        </Text>
      )}
      {/* A list, not a table: a hidden table would read as clipped at 375 px. */}
      <VisuallyHidden>
        <ol aria-label="Daily takings">
          {days.map((d) => (
            <li key={d.day}>
              {`${dayInFigures(d.day)}: ${formatKoboAsNaira(d.amountKobo)}, ${d.count} transactions`}
            </li>
          ))}
        </ol>
      </VisuallyHidden>
    </Box>
  );
}
