import { Box, Text } from '@mantine/core';
import classes from './BrandMark.module.css';

/** The RevDesk logo and name, as the top bar and the sign-in and error pages show them. */
export function BrandMark({ nameClassName }: { nameClassName?: string }) {
  return (
    <span className={classes.mark}>
      <Box className={classes.logo} aria-hidden="true">
        R
      </Box>
      <Text component="span" fw={700} size="lg" c="revenue.9" className={nameClassName}>
        RevDesk
      </Text>
    </span>
  );
}
