import {
  IconAnchor, IconBook2, IconBox, IconBuilding, IconBuildingCommunity, IconBuildingWarehouse, IconCash, IconCurrencyEuro, IconFileAlert, IconFileDollar,
  IconFileInvoice, IconFileSpreadsheet, IconFileText, IconFileUpload, IconGauge, IconHourglass, IconList, IconListCheck, IconMessages, IconPackages,
  IconPlane, IconReceipt, IconReceipt2, IconReportMoney, IconRoute, IconSettingsDollar, IconShip, IconStack2, IconTable, IconTableImport, IconTag,
  IconTruck, IconTruckDelivery, IconUserCircle, IconUsers, IconWebhook,
} from '@tabler/icons-react';

type Icon = typeof IconGauge;

/** Each menu entry's icon by its address (domain/access/navigation.ts); menu-icons.test.ts finds one for every entry. */
export const MENU_ICONS: Readonly<Record<string, Icon>> = {
  '/dashboard': IconGauge,
  '/companies': IconBuilding,
  '/company': IconBuildingCommunity,
  '/all-shipments': IconList,
  '/my-shipments': IconPackages,
  '/air-shipments': IconPlane,
  '/sea-shipments': IconShip,
  '/land-shipments': IconTruck,
  '/partial-shipments': IconStack2,
  '/service-providers': IconBuildingWarehouse,
  '/carriers': IconTruckDelivery,
  '/airports': IconPlane,
  '/seaports': IconAnchor,
  '/consolidation-agents': IconBox,
  '/requests': IconFileDollar,
  '/messages': IconMessages,
  '/documents': IconFileText,
  '/checklist/overdue': IconFileAlert,
  '/checklist/owed': IconFileUpload,
  '/carrier-events': IconRoute,
  '/import': IconTableImport,
  '/staff': IconUsers,
  '/profile': IconUserCircle,
  '/webhooks': IconWebhook,
  '/invoices': IconFileInvoice,
  '/invoices/ready': IconListCheck,
  '/billing/statement': IconReportMoney,
  '/billing/ageing': IconHourglass,
  '/billing/payables': IconCash,
  '/supplier-bills': IconReceipt,
  '/charge-codes': IconTag,
  '/rates': IconTable,
  '/exchange-rates': IconCurrencyEuro,
  '/settings/billing': IconSettingsDollar,
  '/billing/exports': IconFileSpreadsheet,
  '/settings/accounting': IconBook2,
};

/** A group's icon by its key (or its label for the groups of spec section 2). */
export const GROUP_ICONS: Readonly<Record<string, Icon>> = { Shipments: IconShip, 'Ports & Partners': IconAnchor, billing: IconReceipt2 };
