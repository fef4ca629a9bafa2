import { Link, Stack } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import { isNavItemActive, type NavItem } from './navigation';

interface NavLinksProps {
  items: NavItem[];
  orientation: 'horizontal' | 'vertical';
  /** data-testid prefix: 'nav' in the header, 'mobile-nav' in the drawer. */
  testIdPrefix?: string;
  onNavigate?: () => void;
}

/** The module links: plain anchors with hrefs, the current one highlighted. */
export function NavLinks({ items, orientation, testIdPrefix = 'nav', onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  const horizontal = orientation === 'horizontal';
  return (
    <Stack
      as="nav"
      aria-label={horizontal ? 'Navegação principal' : 'Menu'}
      direction={horizontal ? 'row' : 'column'}
      gap={horizontal ? '1' : '0.5'}
      overflowX={horizontal ? 'auto' : undefined}
      css={horizontal ? { scrollbarWidth: 'none' } : undefined}
    >
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <Link
            key={item.key}
            asChild
            data-testid={`${testIdPrefix}-${item.key}`}
            aria-current={active ? 'page' : undefined}
            whiteSpace="nowrap"
            textStyle="sm"
            fontWeight="medium"
            textDecoration="none"
            rounded="md"
            px="3"
            py={horizontal ? '1.5' : '2.5'}
            color={active ? 'brand.fg' : 'fg.muted'}
            bg={active ? 'brand.subtle' : 'transparent'}
            _hover={{ bg: active ? 'brand.muted' : 'bg.muted', color: active ? 'brand.fg' : 'fg', textDecoration: 'none' }}
            focusRingColor="brand.focusRing"
          >
            <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </Link>
        );
      })}
    </Stack>
  );
}
