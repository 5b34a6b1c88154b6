/**
 * The built-in catalogue (spec §3): the fifteen products with every text, price and flag. The
 * seed writes it to PostgreSQL once (the database is the source of truth afterwards and the admin
 * edits it there); the browser ships only the lean part in catalog-fallback.ts.
 *
 * Copy is neutral and factual (docs/requirements.md): what the item is, its format and size, storage, and
 * the 18+ and research/collection notice. No dosage, consumption or effect claims.
 */
import { BUILT_IN_IMAGES, DETAIL_IMAGES } from "#domain/catalog/catalog-fallback.ts";
import type { CatalogEntry, CategoryId, ProductDetail } from "#domain/catalog/catalog-types.ts";
import { CATEGORY_IDS, PRODUCT_SLUGS, productUuid } from "#domain/catalog/product-slugs.ts";

/** docs/requirements.md starting prices, in cents (editable in the admin afterwards). */
export const STARTING_PRICES_CENTS = {
  kit: 89_90,
  spawn: 149_90,
  consultoria: 250_00,
  mentoria: 600_00,
  auditoria: 900_00,
  curso: 297_00,
  ebook: 47_00,
  workshop: 197_00,
} as const;

/** docs/requirements.md: spawn is made to order, 15 business days. */
export const SPAWN_LEAD_TIME_BUSINESS_DAYS = 15;

type EntryCopy = Omit<CatalogEntry, "id" | "uuid" | "slug" | "category" | "route" | "name" | "image" | "images"> & {
  extraImages?: string[];
};

const ADULTS_ONLY: ProductDetail = { icon: "shield", text: "Venda somente para maiores de 18 anos" };
const RESEARCH_NOTICE = "Destinado exclusivamente a pesquisa, estudo e coleção, por maiores de 18 anos.";

const service = (
  fields: Pick<EntryCopy, "subtitle" | "description" | "keyPoints" | "details" | "badge" | "ratings" | "priceCents">,
): EntryCopy => ({
  ...fields,
  buttonDisabled: false,
  unitType: "unit",
  stock: null,
  madeToOrder: false,
  leadTimeBusinessDays: null,
  needsShipping: false,
});

function driedSample(strain: string, fields: Pick<EntryCopy, "badge" | "ratings" | "stock"> & { buttonDisabled?: boolean }): EntryCopy {
  return {
    subtitle: "Amostra desidratada em sachês a vácuo de 2 g",
    description:
      `Amostra desidratada de cogumelo da linhagem ${strain}, embalada a vácuo em sachês de 2 g. ` +
      `${RESEARCH_NOTICE} Conserve na embalagem original fechada, em local seco, fresco e ao abrigo da luz.`,
    keyPoints: [
      "Sachês a vácuo de 2 g",
      "Vendido por grama, de 2 em 2 g",
      "Desconto progressivo conforme a quantidade",
      "Somente para pesquisa, estudo e coleção",
    ],
    details: [
      { icon: "package", text: "Sachê a vácuo de 2 g, um por cada 2 g" },
      { icon: "thermometer", text: "Guardar em local seco, fresco e ao abrigo da luz" },
      { icon: "truck", text: "Envio discreto pelos Correios" },
      ADULTS_ONLY,
    ],
    badge: fields.badge,
    ratings: fields.ratings,
    buttonDisabled: fields.buttonDisabled ?? false,
    unitType: "gram",
    priceCents: null,
    stock: fields.stock,
    madeToOrder: false,
    leadTimeBusinessDays: null,
    needsShipping: true,
    extraImages: [DETAIL_IMAGES.desidratados],
  };
}

function liquidCultureKit(strain: string, fields: Pick<EntryCopy, "badge" | "ratings" | "stock">): EntryCopy {
  return {
    subtitle: "Kit com seringa estéril de 10 mL",
    description:
      `Kit de cultura líquida da linhagem ${strain}: uma seringa estéril de 10 mL com solução nutritiva, ` +
      `uma agulha estéril embalada individualmente e um lenço com álcool 70%. Preparado em capela de fluxo ` +
      `laminar. ${RESEARCH_NOTICE} Conserve refrigerado, entre 2 °C e 8 °C, até o uso.`,
    keyPoints: [
      "Seringa estéril de 10 mL",
      "Agulha estéril embalada individualmente",
      "Preparado em capela de fluxo laminar",
      "Enviado em embalagem térmica",
    ],
    details: [
      { label: "Conteúdo", value: "Seringa de 10 mL, agulha estéril e lenço com álcool 70%" },
      { label: "Volume", value: "10 mL" },
      { label: "Armazenamento", value: "Refrigerado, entre 2 °C e 8 °C" },
      { label: "Validade", value: "90 dias a partir do envio" },
      { label: "Venda", value: "Somente para maiores de 18 anos" },
    ],
    badge: fields.badge,
    ratings: fields.ratings,
    buttonDisabled: false,
    unitType: "unit",
    priceCents: STARTING_PRICES_CENTS.kit,
    stock: fields.stock,
    madeToOrder: false,
    leadTimeBusinessDays: null,
    needsShipping: true,
    extraImages: [DETAIL_IMAGES.culturas],
  };
}

function spawn(strain: string, fields: Pick<EntryCopy, "badge" | "ratings">): EntryCopy {
  return {
    subtitle: "1 kg de grãos de trigo colonizados · sob encomenda",
    description:
      `Saco de 1 kg de grãos de trigo colonizados pela linhagem ${strain}, com filtro para troca de ar. ` +
      `Produzido sob encomenda: a produção leva ${SPAWN_LEAD_TIME_BUSINESS_DAYS} dias úteis depois da confirmação ` +
      `do pagamento, e então o pedido é enviado. ${RESEARCH_NOTICE} Conserve refrigerado até o uso.`,
    keyPoints: [
      "1 kg de grãos de trigo colonizados",
      "Saco com filtro para troca de ar",
      `Produzido sob encomenda em ${SPAWN_LEAD_TIME_BUSINESS_DAYS} dias úteis`,
      "Somente para pesquisa, estudo e coleção",
    ],
    details: [
      { icon: "package", text: "Saco de 1 kg com filtro" },
      { icon: "clock", text: `Produção sob encomenda: ${SPAWN_LEAD_TIME_BUSINESS_DAYS} dias úteis` },
      { icon: "thermometer", text: "Conservar refrigerado até o uso" },
      ADULTS_ONLY,
    ],
    badge: fields.badge,
    ratings: fields.ratings,
    buttonDisabled: false,
    unitType: "unit",
    priceCents: STARTING_PRICES_CENTS.spawn,
    stock: null,
    madeToOrder: true,
    leadTimeBusinessDays: SPAWN_LEAD_TIME_BUSINESS_DAYS,
    needsShipping: true,
    extraImages: [DETAIL_IMAGES.spawn],
  };
}

const COPY: Record<number, EntryCopy> = {
  101: service({
    subtitle: "Sessão individual online de 1 hora",
    description:
      "Uma sessão online de uma hora com um de nossos micologistas para revisar o seu espaço de trabalho, os seus " +
      "materiais e as suas rotinas de higiene. Depois da sessão você recebe um resumo por escrito com os pontos " +
      "conversados. O horário é combinado por e-mail depois da confirmação do pagamento.",
    keyPoints: ["1 hora por videochamada", "Resumo por escrito depois da sessão", "Horário combinado por e-mail", "Sem entrega física"],
    details: [
      { icon: "video", text: "Videochamada de 60 minutos" },
      { icon: "calendar", text: "Agendamento por e-mail em até 5 dias úteis" },
      { icon: "file", text: "Resumo em PDF depois da sessão" },
      ADULTS_ONLY,
    ],
    badge: "Online",
    ratings: { average: 4.9, count: 127 },
    priceCents: STARTING_PRICES_CENTS.consultoria,
  }),
  102: service({
    subtitle: "Acompanhamento online por 4 semanas",
    description:
      "Quatro encontros semanais online, de uma hora cada, e suporte por mensagem entre os encontros, para organizar " +
      "as rotinas do seu laboratório: limpeza, registros, controle de contaminação e armazenamento de materiais.",
    keyPoints: [
      "4 encontros semanais de 1 hora",
      "Suporte por mensagem entre os encontros",
      "Plano de rotinas por escrito",
      "Sem entrega física",
    ],
    details: [
      { icon: "users", text: "Encontros individuais por videochamada" },
      { icon: "calendar", text: "4 semanas a partir do primeiro encontro" },
      { icon: "file", text: "Plano de rotinas em PDF" },
      ADULTS_ONLY,
    ],
    badge: "Mais procurada",
    ratings: { average: 5, count: 64 },
    priceCents: STARTING_PRICES_CENTS.mentoria,
  }),
  103: service({
    subtitle: "Avaliação completa do seu laboratório",
    description:
      "Avaliação detalhada do seu laboratório ou área de trabalho a partir de fotos, vídeo e um questionário: fluxo " +
      "de materiais, limpeza, esterilização, armazenamento e registros. Você recebe um relatório com os pontos de " +
      "atenção e as prioridades, e uma conversa online de 30 minutos para tirar dúvidas.",
    keyPoints: [
      "Questionário, fotos e vídeo do espaço",
      "Relatório com pontos de atenção e prioridades",
      "Conversa de 30 minutos sobre o relatório",
      "Sem entrega física",
    ],
    details: [
      { icon: "microscope", text: "Análise do espaço, dos materiais e das rotinas" },
      { icon: "file", text: "Relatório em PDF em até 10 dias úteis" },
      { icon: "video", text: "Conversa online de 30 minutos" },
      ADULTS_ONLY,
    ],
    badge: "Completa",
    ratings: { average: 4.8, count: 38 },
    priceCents: STARTING_PRICES_CENTS.auditoria,
  }),
  3: driedSample("Penis Envy Albino", { badge: "Raro", ratings: { average: 4.9, count: 412 }, stock: 300 }),
  2: driedSample("Penis Envy 7", { badge: "Mais vendido", ratings: { average: 4.9, count: 731 }, stock: 600 }),
  1: driedSample("Golden Teacher", {
    badge: "Indisponível",
    ratings: { average: 4.8, count: 589 },
    stock: 0,
    buttonDisabled: true,
  }),
  4: liquidCultureKit("Golden Teacher", { badge: "Clássica", ratings: { average: 4.8, count: 356 }, stock: 25 }),
  5: liquidCultureKit("Penis Envy 7", { badge: "Popular", ratings: { average: 4.9, count: 298 }, stock: 20 }),
  6: liquidCultureKit("Penis Envy Albino", { badge: "Rara", ratings: { average: 4.7, count: 174 }, stock: 15 }),
  7: spawn("Golden Teacher", { badge: "Sob encomenda", ratings: { average: 4.8, count: 91 } }),
  8: spawn("Penis Envy 7", { badge: "Sob encomenda", ratings: { average: 4.9, count: 77 } }),
  9: spawn("Penis Envy Albino", { badge: "Sob encomenda", ratings: { average: 4.7, count: 52 } }),
  201: service({
    subtitle: "Curso online com 12 aulas em vídeo",
    description:
      "Curso online gravado sobre os fundamentos da micologia e da organização de um pequeno laboratório doméstico: " +
      "higiene, técnica asséptica, preparo e esterilização de materiais, registros e armazenamento. O acesso à área " +
      "do aluno vale por 12 meses.",
    keyPoints: ["12 aulas em vídeo", "Material de apoio em PDF", "Acesso por 12 meses", "Certificado de conclusão"],
    details: [
      { icon: "video", text: "12 aulas gravadas, cerca de 8 horas" },
      { icon: "file", text: "Apostila e listas de verificação em PDF" },
      { icon: "clock", text: "Acesso por 12 meses" },
      ADULTS_ONLY,
    ],
    badge: "Online",
    ratings: { average: 4.9, count: 843 },
    priceCents: STARTING_PRICES_CENTS.curso,
  }),
  202: service({
    subtitle: "E-book em PDF com 120 páginas",
    description:
      "Material em PDF sobre técnicas de laboratório em micologia: preparo de meios de cultura, trabalho com ágar, " +
      "isolamento e manutenção de culturas, controle de contaminação e registros. O link para download chega por " +
      "e-mail depois da confirmação do pagamento.",
    keyPoints: ["120 páginas ilustradas", "Formato PDF", "Download imediato depois do pagamento", "Atualizações gratuitas"],
    details: [
      { icon: "book", text: "120 páginas, em português" },
      { icon: "download", text: "PDF para baixar e ler em qualquer aparelho" },
      { icon: "file", text: "Listas de verificação para imprimir" },
      ADULTS_ONLY,
    ],
    badge: "Digital",
    ratings: { average: 4.8, count: 265 },
    priceCents: STARTING_PRICES_CENTS.ebook,
  }),
  203: service({
    subtitle: "Encontro ao vivo online de 3 horas",
    description:
      "Workshop ao vivo e online com demonstrações de técnica asséptica, uso de capela de fluxo laminar, " +
      "esterilização de materiais e organização do laboratório, com tempo para perguntas. A gravação fica " +
      "disponível por 30 dias depois do encontro.",
    keyPoints: ["3 horas ao vivo", "Demonstrações práticas", "Perguntas ao vivo", "Gravação por 30 dias"],
    details: [
      { icon: "users", text: "Turmas pequenas, ao vivo por videochamada" },
      { icon: "calendar", text: "Data da próxima turma enviada por e-mail" },
      { icon: "video", text: "Gravação disponível por 30 dias" },
      ADULTS_ONLY,
    ],
    badge: "Ao vivo",
    ratings: { average: 4.9, count: 119 },
    priceCents: STARTING_PRICES_CENTS.workshop,
  }),
};

/**
 * What each buyer of a service or educational item is told once paid (decision 030), until the
 * owner writes their own in /customizar-produto. Migration 0018 gives the same texts to shops
 * seeded before it.
 */
export const BOOKING_INSTRUCTIONS =
  "Para agendar, responda ao e-mail de confirmação do pagamento ou fale com o suporte pelo WhatsApp informando o número do pedido. Combinamos o dia e o horário da primeira sessão em até 2 dias úteis.";
export const ACCESS_INSTRUCTIONS: Readonly<Record<number, string>> = {
  101: BOOKING_INSTRUCTIONS,
  102: BOOKING_INSTRUCTIONS,
  103: BOOKING_INSTRUCTIONS,
  201: "O convite para a área do aluno chega em até 1 dia útil no e-mail da sua conta. Crie sua senha pelo convite; o acesso vale por 12 meses a partir do primeiro login.",
  202: "O PDF abre em qualquer leitor de PDF, no celular ou no computador. As atualizações gratuitas chegam pelo mesmo download do seu painel, em Pedidos.",
  203: "A data, o horário e o link da videochamada da próxima turma chegam por e-mail até 3 dias antes do encontro. A gravação fica disponível por 30 dias depois dele.",
};
/** The e-book's file (decision 030): DATA_DIR/downloads/<name>, or a placeholder PDF until the owner puts it there. */
export const DOWNLOAD_FILES: Readonly<Record<number, string>> = { 202: "ebook-cultivo-avancado.pdf" };

const CATEGORY_BY_ID = new Map<number, CategoryId>(
  (Object.entries(CATEGORY_IDS) as Array<[CategoryId, readonly number[]]>).flatMap(([category, ids]) =>
    ids.map((id): [number, CategoryId] => [id, category]),
  ),
);

/** The fifteen products, in the spec's category order (consultoria, desidratados 3-2-1, culturas, spawn, aprender). */
export const CATALOG: readonly CatalogEntry[] = BUILT_IN_IMAGES.map(({ id, name, image }) => {
  const { extraImages = [], ...copy } = COPY[id]!;
  const slug = PRODUCT_SLUGS[id]!;
  return {
    id,
    uuid: productUuid(id),
    slug,
    category: CATEGORY_BY_ID.get(id)!,
    name,
    route: `/produto/${slug}`,
    image,
    images: [image, ...extraImages],
    ...copy,
    ...(ACCESS_INSTRUCTIONS[id] ? { accessInstructions: ACCESS_INSTRUCTIONS[id] } : {}),
    ...(DOWNLOAD_FILES[id] ? { downloadFile: DOWNLOAD_FILES[id] } : {}),
  };
});
